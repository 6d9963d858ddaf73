/**
 * The countries an address may be in: every officially assigned ISO 3166-1 alpha-2 code (249).
 * Only the codes are kept: their names come, translated, from the browser's and Node's
 * `Intl.DisplayNames` (countryName), so the list needs no catalog of its own.
 */
// biome-ignore format: a table of codes, read by the line
export const countryCodes = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const

export type CountryCode = (typeof countryCodes)[number]

/** Most of the agency's clients live in Mexico: the form's default. */
export const defaultCountry: CountryCode = 'MX'

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (countryCodes as readonly string[]).includes(value)
}

// One `Intl.DisplayNames` per language, made once: making one is what costs (the runtime loads
// its region names), and sorting the list by name asks for a name about 4,000 times.
const regionNames = new Map<string, Intl.DisplayNames | undefined>()

function regionNamesIn(locale: string): Intl.DisplayNames | undefined {
  if (!regionNames.has(locale)) {
    let names: Intl.DisplayNames | undefined
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
    } catch {
      names = undefined // an unknown locale: the codes stand for the names
    }
    regionNames.set(locale, names)
  }
  return regionNames.get(locale)
}

/** The country's name in `locale` (the code itself where the runtime has no name for it). */
export function countryName(locale: string, code: string): string {
  try {
    return regionNamesIn(locale)?.of(code) ?? code
  } catch {
    return code // not a region code at all
  }
}

const byName = new Map<string, readonly CountryCode[]>()

/** Every country code, in the alphabetical order of the names in `locale` (computed once). */
export function countryCodesByName(locale: string): readonly CountryCode[] {
  let sorted = byName.get(locale)
  if (!sorted) {
    const collator = new Intl.Collator(locale)
    const named = countryCodes.map((code) => ({ code, name: countryName(locale, code) }))
    sorted = named.sort((a, b) => collator.compare(a.name, b.name)).map(({ code }) => code)
    byName.set(locale, sorted)
  }
  return sorted
}
