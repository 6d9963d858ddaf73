import { describe, expect, it } from 'vitest'
import { localeFromNavigator, localeFromPath, resolveLocale } from './locales'

describe('localeFromPath', () => {
  it.each([
    ['/servicios', 'es'],
    ['/servicios/desarrollo-web', 'es'],
    ['/services', 'en'],
    ['/services/web-development', 'en'],
    ['/privacidad', 'es'],
    ['/trabajos', 'es'],
    ['/trabajos/tienda-en-linea-cafe-altura', 'es'],
    ['/work', 'en'],
    ['/work/cafe-altura-online-shop', 'en'],
    ['/workshop', undefined],
    ['/privacy', 'en'],
    ['/privacy/more', undefined],
    ['/', undefined],
    ['/serviciosx', undefined],
    ['/about', undefined],
  ])('%s → %s', (path, locale) => {
    expect(localeFromPath(path)).toBe(locale)
  })
})

describe('localeFromNavigator', () => {
  it('takes the first supported primary language', () => {
    expect(localeFromNavigator(['es-MX', 'en'])).toBe('es')
    expect(localeFromNavigator(['de-DE', 'es'])).toBe('es')
    expect(localeFromNavigator(['de-DE'])).toBe('en')
    expect(localeFromNavigator([])).toBe('en')
  })
})

describe('resolveLocale', () => {
  it('prefers the path, then the stored choice, then the browser', () => {
    expect(
      resolveLocale({ pathname: '/servicios', stored: 'en', navigatorLanguages: ['en'] }),
    ).toBe('es')
    expect(resolveLocale({ pathname: '/', stored: 'es', navigatorLanguages: ['en'] })).toBe('es')
    expect(resolveLocale({ pathname: '/', stored: 'fr', navigatorLanguages: ['es-AR'] })).toBe('es')
    expect(resolveLocale({ pathname: '/', stored: null, navigatorLanguages: ['de'] })).toBe('en')
  })
})
