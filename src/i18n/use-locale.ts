import { useLingui } from '@lingui/react'
import { type Locale, toLocale } from '../../domain/locales'

/** The active language; the component re-renders when it changes. */
export function useLocale(): Locale {
  return toLocale(useLingui().i18n.locale)
}
