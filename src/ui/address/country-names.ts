import type { I18n } from '@lingui/core'
import { type CountryCode, countryCodes, isCountryCode } from '../../../domain/addresses/countries'

/**
 * Countries by name. The names are messages of the catalogs of the pages that show an address
 * (country-names.messages.ts holds their source), not asked of the runtime: making an
 * `Intl.DisplayNames` loads the runtime's region names for the language, the largest single
 * piece of work the registration page did while it hydrated (docs/decisions/047), and the
 * server's names and the browser's could differ. For the same reason they are sorted without
 * `Intl.Collator`.
 */

/** The country's name in the active language (the code itself when it is no country's). */
export function countryName(i18n: I18n, code: string): string {
  return isCountryCode(code) ? i18n._(`country.${code}`) : code
}

const byName = new Map<string, readonly CountryCode[]>()

/**
 * What a name sorts by: its letters without accents, in lower case. The first `Intl.Collator` a
 * page makes loads the runtime's collation data (tens of milliseconds on a phone), and for these
 * names this order is the collator's in both languages (country-names.test.ts checks it).
 */
const sortKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Every country code, in the alphabetical order of the names in the active language. */
export function countryCodesByName(i18n: I18n): readonly CountryCode[] {
  let sorted = byName.get(i18n.locale)
  if (!sorted) {
    const keyed = countryCodes.map((code) => ({ code, key: sortKey(countryName(i18n, code)) }))
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    sorted = keyed.map(({ code }) => code)
    byName.set(i18n.locale, sorted)
  }
  return sorted
}
