import { beforeAll, describe, expect, it } from 'vitest'
import { countryCodes } from '../../../domain/addresses/countries'
import { loadCatalog } from '../../i18n/catalogs'
import { activateLocale, ensureCatalogs, i18n } from '../../i18n/i18n'
import { countryCodesByName, countryName } from './country-names'
import { countryNameMessages } from './country-names.messages'

describe('country names', () => {
  // Every page that shows an address loads one of these catalogs, and finds every name in it.
  it.each([
    ['registration', 'en'],
    ['registration', 'es'],
    ['account', 'en'],
    ['account', 'es'],
    ['admin', 'en'],
    ['admin', 'es'],
  ] as const)('the %s catalog in %s names every country', async (catalog, locale) => {
    const messages = await loadCatalog(catalog, locale)
    const missing = countryCodes.filter((code) => !Object.hasOwn(messages, `country.${code}`))
    expect(missing).toEqual([])
  })

  it('the catalogs’ source names every country, under the id the pages ask for', () => {
    expect(Object.keys(countryNameMessages).sort()).toEqual([...countryCodes].sort())
    for (const code of countryCodes) expect(countryNameMessages[code].id).toBe(`country.${code}`)
  })

  beforeAll(async () => {
    await ensureCatalogs(['registration'])
  })

  it.each(['en', 'es'] as const)(
    'orders every country by its %s name, each once',
    async (locale) => {
      await activateLocale(locale)
      const sorted = countryCodesByName(i18n)
      expect(new Set(sorted)).toEqual(new Set(countryCodes))
      expect(sorted).toHaveLength(countryCodes.length)
      const names = sorted.map((code) => countryName(i18n, code))
      expect(new Set(names).size).toBe(countryCodes.length)
      // The language's collation would give the same order (a renamed country may change that).
      expect(names).toEqual([...names].sort(new Intl.Collator(locale).compare))
      // The same list object the second time: the sort is done once per language.
      expect(countryCodesByName(i18n)).toBe(sorted)
    },
  )

  it('names a country in the page’s language, and answers the code of none as it is', async () => {
    await activateLocale('en')
    expect(countryName(i18n, 'MX')).toBe('Mexico')
    expect(countryName(i18n, 'not a code')).toBe('not a code')
    await activateLocale('es')
    expect(countryName(i18n, 'MX')).toBe('México')
    expect(countryName(i18n, 'DE')).toBe('Alemania')
    expect(countryName(i18n, 'US')).toBe('Estados Unidos')
  })
})
