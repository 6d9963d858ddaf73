import { describe, expect, it } from 'vitest'
import { countryCodes, countryCodesByName, countryName } from './countries'
import { mexicanStateCodes, mexicanStates } from './mexican-states'

describe('the address lists', () => {
  it('lists the 32 Mexican states in the order of their Spanish names, as written', () => {
    const byName = [...mexicanStateCodes].sort((a, b) =>
      mexicanStates[a].localeCompare(mexicanStates[b], 'es'),
    )
    expect(mexicanStateCodes).toHaveLength(32)
    expect(mexicanStateCodes).toEqual(byName)
  })

  it.each(['en', 'es'])('orders every country by its %s name, each once', (locale) => {
    const sorted = countryCodesByName(locale)
    expect(new Set(sorted)).toEqual(new Set(countryCodes))
    expect(sorted).toHaveLength(countryCodes.length)
    const names = sorted.map((code) => countryName(locale, code))
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, locale)))
    // The same list object the second time: the sort is done once per language.
    expect(countryCodesByName(locale)).toBe(sorted)
  })

  it('names countries in the language asked for, and answers the code where there is no name', () => {
    expect(countryName('en', 'MX')).toBe('Mexico')
    expect(countryName('es', 'MX')).toBe('México')
    expect(countryName('es', 'DE')).toBe('Alemania')
    expect(countryName('en', 'not a code')).toBe('not a code')
    expect(countryName('not a locale!', 'MX')).toBe('MX')
  })
})
