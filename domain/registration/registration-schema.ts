import type { MessageDescriptor } from '@lingui/core'
import * as v from 'valibot'
import { defaultCountry, isCountryCode } from '../addresses/countries'
import { isMexicanState } from '../addresses/mexican-states'
import type { FieldErrors } from '../forms/field-errors'
import type { Translate } from '../forms/translate'
import { validationMessages as m, tooLong, tooShort } from './registration-messages'

/**
 * The registration payload: one schema for the form and the API. Every field is a string; all
 * are required except the interior number (most Mexican addresses have none; the exterior
 * number is part of nearly every one, "S/N" where there is none) and the state, which only an
 * address in Mexico needs (its ISO 3166-2:MX code; the country is an ISO 3166-1 alpha-2 code,
 * MX when the API leaves it out). Bounds are set
 * on every field: lengths, email format, password length (NIST SP 800-63B: at least 8
 * characters, counted in Unicode code points, no composition rules, long passphrases allowed),
 * a real birth date in the past. Unknown fields are rejected.
 */

export const genders = ['Male', 'Female', 'PreferNotToSay'] as const

export const passwordLength = { min: 8, max: 128 } as const

/**
 * The registration's fields, in form order, each with its maximum length in characters (also
 * the form's `maxlength`). The field list, the form's empty values and the schema's keys all
 * come from here; the database columns are checked against it by the compiler.
 */
export const maxLengths = {
  email: 254,
  password: passwordLength.max,
  name: 100,
  lastName: 100,
  phone: 20,
  street: 120,
  exteriorNumber: 20,
  interiorNumber: 20,
  neighborhood: 100,
  municipality: 100,
  postalCode: 10,
  city: 100,
  state: 3,
  country: 2,
  gender: 14,
  birthDate: 10,
} as const satisfies Record<string, number>

export type RegistrationField = keyof typeof maxLengths

export const registrationFields = Object.keys(maxLengths) as readonly RegistrationField[]

/** What the form holds: one string per field (interiorNumber and state may stay empty). */
export type RegistrationValues = Record<RegistrationField, string>

export const earliestBirthDate = '1900-01-01'

/** The form's starting values: empty, in Mexico. */
export const emptyRegistration = {
  ...(Object.fromEntries(registrationFields.map((field) => [field, ''])) as RegistrationValues),
  country: defaultCountry,
}

const codePoints = (text: string) => [...text].length

/**
 * What no text field may hold: C0 and C1 control characters (NUL is refused by PostgreSQL; the
 * others corrupt logs and mail headers), bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069: they make a name display reversed), and lone UTF-16 surrogates (not
 * representable in UTF-8, so not storable).
 */
const forbiddenInText = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u

/** True when `value` holds none of the characters a stored text field refuses. */
export function isStorableText(value: string): boolean {
  return !forbiddenInText.test(value)
}

/**
 * `value` without the characters a stored text field refuses, for text that is taken as it comes
 * rather than typed (a file's name): a control character becomes a space (a tab or a line break
 * separated words), the rest (bidirectional controls, broken UTF-16) are dropped, which shows
 * the text in its real order. The result always passes `isStorableText`.
 */
export function storableTextOf(value: string): string {
  return value.replace(new RegExp(forbiddenInText.source, 'gu'), (char) =>
    /\p{Cc}/u.test(char) ? ' ' : '',
  )
}

/** Passwords may hold any printable character, but not controls or broken UTF-16. */
const forbiddenInPassword = /[\p{Cc}\p{Cs}]/u

/** YYYY-MM-DD of `date` in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** True for an existing calendar day (rejects 2023-02-30). */
export function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** A required, trimmed text of at most `max` code points with no invisible controls. */
export function requiredTextSchema(t: Translate, max: number) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.trim(),
    v.nonEmpty(t(m.required)),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.check(isStorableText, t(m.invisibleCharacters)),
  )
}

/** A trimmed text that may be empty, of at most `max` code points with no invisible controls. */
export function optionalTextSchema(t: Translate, max: number) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.trim(),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.check(isStorableText, t(m.invisibleCharacters)),
  )
}

/** The password is never trimmed: spaces are allowed and count (NIST SP 800-63B). */
export function passwordSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.nonEmpty(t(m.required)),
    v.check((value) => codePoints(value) >= passwordLength.min, t(tooShort(passwordLength.min))),
    v.check((value) => codePoints(value) <= passwordLength.max, t(tooLong(passwordLength.max))),
    v.check((value) => !forbiddenInPassword.test(value), t(m.invisibleCharacters)),
  )
}

export function emailSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.mustBeText)),
    v.trim(),
    v.nonEmpty(t(m.required)),
    v.maxLength(maxLengths.email, t(tooLong(maxLengths.email))),
    // RFC 5322's dot-atom form (so IDN domains such as xn--…, which valibot's simpler email()
    // refuses, pass), plus what a deliverable address needs: a dotted domain, no stray dots.
    // Accented letters (`maría.lópez@…`, `…@méxico.mx`) have their own message: see
    // hasAsciiOnly. Checked first, so it is the message shown.
    v.check(hasAsciiOnly, t(m.emailNotAscii)),
    v.rfcEmail(t(m.emailInvalid)),
    v.check(isDeliverableShape, t(m.emailInvalid)),
    v.check(hasPlainLocalPart, t(m.emailCharacters)),
  )
}

/**
 * The local part people actually have: letters, digits and `. _ + - '`. RFC 5322 also allows
 * `! # $ % & * / = ? ^ ` { | } ~`, which no mailbox provider hands out to a person but which
 * change the meaning of the address wherever it is pasted into a link (`?cc=…` and `&subject=…`
 * in a mailto:, `%40` decoded to an @, `/` and `#` in a URL): refused with their own message, so
 * registration, sign-in, recovery and the contact form all accept the same addresses.
 */
function hasPlainLocalPart(address: string): boolean {
  return /^[A-Za-z0-9._+'-]+$/.test(address.slice(0, address.lastIndexOf('@')))
}

/**
 * Internationalised addresses (RFC 6531) are refused: delivering them needs SMTPUTF8 from every
 * server on the way, which the agency's relay and many mailbox providers do not offer, and the
 * same person's address could be stored both accented and not. The message says so, rather
 * than calling the address invalid.
 */
function hasAsciiOnly(address: string): boolean {
  return /^[\x20-\x7e]*$/.test(address)
}

function isDeliverableShape(address: string): boolean {
  const at = address.lastIndexOf('@')
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  return (
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    /\.(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(domain)
  )
}

/** A telephone number as people write it: 7 to 15 digits, optional +, spaces, dots, dashes. */
export function phoneShape(t: Translate) {
  return v.pipe(
    v.string(),
    v.regex(/^\+?\d[\d ().-]*$/, t(m.phoneInvalid)),
    v.check((value) => {
      const digits = value.replace(/\D/g, '').length
      return digits >= 7 && digits <= 15
    }, t(m.phoneInvalid)),
  )
}

/**
 * Messages for the object itself: not an object, a missing field, an unknown field, in words
 * that fit every path (a query, a message, a profile change …).
 */
export function strictObjectMessage(t: Translate) {
  return objectMessage(t, m.unexpectedField, m.notAnObject)
}

/** The registration's own: its unknown field "is not part of the registration form". */
function registrationObjectMessage(t: Translate) {
  return objectMessage(t, m.unknownRegistrationField, m.registrationNotAnObject)
}

function objectMessage(t: Translate, unknown: MessageDescriptor, notAnObject: MessageDescriptor) {
  return (issue: v.StrictObjectIssue) => {
    if (issue.expected === 'never') return t(unknown)
    if (issue.expected?.startsWith('"')) return t(m.required)
    return t(notAnObject)
  }
}

/**
 * Builds the schema with its messages in one language. `today` is injectable so tests can fix
 * the date; a birth date must be before today (UTC).
 */
export function createRegistrationEntries(t: Translate, today: () => Date = () => new Date()) {
  return {
    email: emailSchema(t),
    password: passwordSchema(t),
    name: requiredTextSchema(t, maxLengths.name),
    lastName: requiredTextSchema(t, maxLengths.lastName),
    phone: v.pipe(requiredTextSchema(t, maxLengths.phone), phoneShape(t)),
    street: requiredTextSchema(t, maxLengths.street),
    exteriorNumber: requiredTextSchema(t, maxLengths.exteriorNumber),
    interiorNumber: v.optional(optionalTextSchema(t, maxLengths.interiorNumber)),
    neighborhood: requiredTextSchema(t, maxLengths.neighborhood),
    municipality: requiredTextSchema(t, maxLengths.municipality),
    postalCode: v.pipe(
      requiredTextSchema(t, maxLengths.postalCode),
      v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, t(m.postalCodeInvalid)),
    ),
    city: requiredTextSchema(t, maxLengths.city),
    state: v.optional(
      v.pipe(
        v.string(t(m.mustBeText)),
        v.trim(),
        v.check((value) => value === '' || isMexicanState(value), t(m.stateInvalid)),
      ),
    ),
    country: v.optional(
      v.pipe(
        v.string(t(m.mustBeText)),
        v.trim(),
        v.nonEmpty(t(m.required)),
        v.check((value) => isCountryCode(value), t(m.countryInvalid)),
      ),
      defaultCountry,
    ),
    gender: v.pipe(
      v.string(t(m.mustBeText)),
      v.nonEmpty(t(m.required)),
      v.picklist(genders, t(m.genderInvalid)),
    ),
    birthDate: v.pipe(
      v.string(t(m.mustBeText)),
      v.trim(),
      v.nonEmpty(t(m.required)),
      v.isoDate(t(m.dateInvalid)),
      v.check(isRealDate, t(m.dateInvalid)),
      v.check((value) => value >= earliestBirthDate, t(m.dateTooEarly)),
      v.check((value) => value < isoDay(today()), t(m.dateNotPast)),
    ),
  } satisfies Record<RegistrationField, v.GenericSchema<unknown, unknown>>
}

/**
 * An address in Mexico needs its state; any other country's has none of Mexico's states (the
 * message goes to the state field). Values left out count as empty.
 */
export function stateMatchesCountry(address: {
  readonly state?: string | undefined
  readonly country?: string | undefined
}): 'ok' | 'missing' | 'foreign' {
  const state = address.state ?? ''
  if ((address.country ?? defaultCountry) === 'MX') return state === '' ? 'missing' : 'ok'
  return state === '' ? 'ok' : 'foreign'
}

/**
 * Whether `address` passes one side of the state/country rule. A profile change judges it only
 * `when both are sent` (one of them alone is judged against the stored other by the server).
 */
export function passesStateRule(
  address: { readonly state?: string | undefined; readonly country?: string | undefined },
  refused: 'missing' | 'foreign',
  scope: 'always' | 'when both are sent' = 'always',
): boolean {
  if (
    scope === 'when both are sent' &&
    (address.state === undefined || address.country === undefined)
  )
    return true
  // A country that is not one has its own message; the state is judged once it is.
  if (address.country !== undefined && !isCountryCode(address.country)) return true
  return stateMatchesCountry(address) !== refused
}

export function createRegistrationSchema(t: Translate, today: () => Date = () => new Date()) {
  return v.pipe(
    v.strictObject(createRegistrationEntries(t, today), registrationObjectMessage(t)),
    v.forward(
      v.partialCheck(
        [['state'], ['country']],
        (input) => passesStateRule(input, 'missing'),
        t(m.stateRequired),
      ),
      ['state'],
    ),
    v.forward(
      v.partialCheck(
        [['state'], ['country']],
        (input) => passesStateRule(input, 'foreign'),
        t(m.stateOutsideMexico),
      ),
      ['state'],
    ),
  )
}

export type RegistrationSchema = ReturnType<typeof createRegistrationSchema>
/** What the API receives and stores: trimmed strings; exteriorNumber may be absent. */
export type RegistrationPayload = v.InferOutput<RegistrationSchema>

/** The first message per field (a field shows one message at a time). */
export function firstIssuePerField(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    const field = typeof key === 'string' ? key : ''
    if (errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/** The schema decides validity only; its messages are the component's business. */
const schemaForValidity = createRegistrationSchema((descriptor) => descriptor.id)

/** The payload the values make, or undefined when the schema refuses them. */
export function parseRegistration(values: RegistrationValues): RegistrationPayload | undefined {
  const result = v.safeParse(schemaForValidity, values)
  return result.success ? result.output : undefined
}

/** What is sent: the values, trimmed as the schema trims them (the password exactly as typed). */
export function payloadOf(values: RegistrationValues): RegistrationValues {
  const payload = { ...values }
  for (const field of registrationFields) {
    if (field !== 'password') payload[field] = values[field].trim()
  }
  return payload
}
