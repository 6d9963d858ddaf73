import { i18n } from '@lingui/core'
import { type Locale, languageCookieName, languageStorageKey, toLocale } from '../../domain/locales'
import { activateLocale } from './i18n'

/**
 * The visitor's chosen language: localStorage, else its mirror in the cookie the server picks
 * pages by (storage cleared or disabled while cookies stay, as Lighthouse and some privacy
 * settings do). Trusting the cookie too keeps the page in the language the server sent instead
 * of switching it, and re-rendering it all, right after hydration.
 */
export function readStoredLanguage(): string | null {
  try {
    const stored = window.localStorage.getItem(languageStorageKey)
    if (stored !== null) return stored
  } catch {
    // storage disabled (privacy mode): the cookie, else the browser's languages
  }
  const cookie = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${languageCookieName}=`))
  return cookie ? cookie.slice(languageCookieName.length + 1) : null
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
