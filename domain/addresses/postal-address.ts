/**
 * The parts of an account's postal address, as the profile names them: what the inbox shows of
 * a client (the state and the country as their ISO codes, named where they are shown).
 */
export const postalAddressParts = [
  'street',
  'exteriorNumber',
  'interiorNumber',
  'neighborhood',
  'municipality',
  'postalCode',
  'city',
  'state',
  'country',
] as const

export type PostalAddressPart = (typeof postalAddressParts)[number]

/** An address, each part as stored ('' for a part the account has none of). */
export type PostalAddress = Readonly<Record<PostalAddressPart, string>>
