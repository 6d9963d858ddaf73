import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { defaultLocale, isLocale, type Locale, languageCookieName } from '../../domain/locales'

/**
 * The language of an API answer: the visitor's stored choice (the `app-language` cookie the
 * site mirrors from localStorage), else the best Accept-Language match, else English.
 */
export function requestLocale(
  cookieValue: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (isLocale(cookieValue)) return cookieValue
  return fromAcceptLanguage(acceptLanguage ?? '') ?? defaultLocale
}

/** The language of this request: its `app-language` cookie, else Accept-Language, else English. */
export function localeOf(c: Context): Locale {
  return requestLocale(getCookie(c, languageCookieName), c.req.header('Accept-Language'))
}

/** Highest-q supported primary language of an Accept-Language header (`es-MX;q=0.9` → es). */
export function fromAcceptLanguage(header: string): Locale | undefined {
  let best: { locale: Locale; q: number } | undefined
  for (const part of header.split(',').slice(0, 20)) {
    const [range = '', ...params] = part.trim().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam === undefined ? 1 : Number.parseFloat(qParam.slice(2))
    const primary = range.trim().toLowerCase().split('-')[0]
    if (!isLocale(primary) || !(q > 0)) continue
    if (!best || q > best.q) best = { locale: primary, q }
  }
  return best?.locale
}
