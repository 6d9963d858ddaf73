import { describe, expect, it } from 'vitest'
import { fromAcceptLanguage, requestLocale } from './request-locale'

describe('requestLocale', () => {
  it('prefers the app-language cookie, then Accept-Language, then English', () => {
    expect(requestLocale('es', 'en-US')).toBe('es')
    expect(requestLocale('en', 'es-MX')).toBe('en')
    expect(requestLocale(undefined, 'es-MX,es;q=0.9')).toBe('es')
    expect(requestLocale('fr', 'de-DE')).toBe('en')
    expect(requestLocale(undefined, undefined)).toBe('en')
  })

  it('weighs Accept-Language by q', () => {
    expect(fromAcceptLanguage('en;q=0.5, es;q=0.8')).toBe('es')
    expect(fromAcceptLanguage('de, es;q=0.1, en;q=0.2')).toBe('en')
    expect(fromAcceptLanguage('es;q=0, en;q=0.1')).toBe('en')
    expect(fromAcceptLanguage('*')).toBeUndefined()
    expect(fromAcceptLanguage('garbage;;;q=x')).toBeUndefined()
  })
})
