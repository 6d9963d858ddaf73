import { msg } from '@lingui/core/macro'
import type { Locale } from '../../domain/locales'

// Each language is named in itself, whatever the page's language (so both catalogs agree).
export const languageNativeNames = {
  en: msg({ id: 'language.en.native', message: 'English' }),
  es: msg({ id: 'language.es.native', message: 'Español' }),
} as const satisfies Record<Locale, unknown>
