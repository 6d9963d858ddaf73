import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core'
import { messages as en } from '../../locales/en/messages.po'
import { messages as es } from '../../locales/es/messages.po'
import type { Locale } from '../../src/i18n/locales'

/** The site's own catalogs, compiled by the Lingui Vite plugin into the server build too. */
const instances: Record<Locale, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en } }),
  es: setupI18n({ locale: 'es', messages: { es } }),
}

export type Translate = (descriptor: MessageDescriptor) => string

export function translator(locale: Locale): Translate {
  const i18n = instances[locale]
  return (descriptor) => i18n._(descriptor)
}
