import { i18n } from '@lingui/core'
import { type Locale, languageCookieName, languageStorageKey, toLocale } from '../domain/locales'
import { activateLocale } from './i18n'

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(languageStorageKey)
  } catch {
    return null // storage disabled (privacy mode): fall back to the browser's languages
  }
}

function persistLanguage(locale: Locale): void {
  try {
    window.localStorage.setItem(languageStorageKey, locale)
  } catch {
    // not persisted; the choice still applies to this visit
  }
  // Mirrored in a cookie so the server can pick the prerendered page in this language.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${languageCookieName}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** Activates `locale`, remembers it, and keeps `<html lang>` in sync. */
export async function setLanguage(locale: Locale): Promise<void> {
  await activateLocale(locale)
  persistLanguage(locale)
  document.documentElement.lang = locale
}

export function activeLanguage(): Locale {
  return toLocale(i18n.locale)
}
