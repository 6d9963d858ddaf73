/** Supported languages and the rules that pick one (docs/product.md, "Languages"). */
export const locales = ['en', 'es'] as const
export type Locale = (typeof locales)[number]

export const defaultLocale: Locale = 'en'
/** localStorage key of the visitor's language (shared with the pre-paint script in index.html). */
export const languageStorageKey = 'app-language'
/** Cookie mirroring the stored language so the server can answer in it. */
export const languageCookieName = 'app-language'

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es'
}

/**
 * `/servicios` and everything under it is Spanish; `/services` and under it English; so are the
 * case studies' `/trabajos` and `/work`, and the privacy notice's twins `/privacidad` and
 * `/privacy`.
 */
export function localeFromPath(pathname: string): Locale | undefined {
  if (pathname === '/servicios' || pathname.startsWith('/servicios/')) return 'es'
  if (pathname === '/services' || pathname.startsWith('/services/')) return 'en'
  if (pathname === '/trabajos' || pathname.startsWith('/trabajos/')) return 'es'
  if (pathname === '/work' || pathname.startsWith('/work/')) return 'en'
  if (pathname === '/privacidad') return 'es'
  if (pathname === '/privacy') return 'en'
  return undefined
}

/** The first browser language we support, by primary subtag (`es-MX` → es); else en. */
export function localeFromNavigator(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLocale(primary)) return primary
  }
  return defaultLocale
}

export type LocaleInputs = {
  readonly pathname: string
  readonly stored: string | null
  readonly navigatorLanguages: readonly string[]
}

/** Path beats the stored choice, which beats the browser's languages. */
export function resolveLocale({ pathname, stored, navigatorLanguages }: LocaleInputs): Locale {
  return (
    localeFromPath(pathname) ??
    (isLocale(stored) ? stored : localeFromNavigator(navigatorLanguages))
  )
}

/** `value` as a supported locale: itself when supported, else the default. */
export function toLocale(value: string): Locale {
  return isLocale(value) ? value : defaultLocale
}
