import type { MessageDescriptor } from '@lingui/core'
import * as v from 'valibot'
import { defaultCountry, isCountryCode } from '../addresses/countries'
import { isMexicanState } from '../addresses/mexican-states'
import type { Translate } from '../forms/translate'
import { fieldMessages } from '../validation/field-messages'
import {
  emailMaxLength,
  emailSchema,
  isoDay,
  isRealDate,
  optionalTextSchema,
  passwordLength,
  passwordSchema,
  phoneShape,
  requiredTextSchema,
} from '../validation/field-rules'
import { objectMessage } from '../validation/schema-issues'
import { registrationMessages } from './registration-messages'

/** The shared field messages and registration's own, under one name in this file. */
const m = { ...fieldMessages, ...registrationMessages }

/**
 * The registration payload: one schema for the form and the API. Every field is a string; all
 * are required except the interior number (most Mexican addresses have none; the exterior
 * number is part of nearly every one, "S/N" where there is none) and the state, which only an
 * address in Mexico needs (its ISO 3166-2:MX code; the country is an ISO 3166-1 alpha-2 code,
 * MX when the API leaves it out). Bounds are set
 * on every field: lengths, email format, password length, a real birth date in the past (the
 * rules every schema shares are domain/validation/field-rules.ts). Unknown fields are rejected.
 */

export const genders = ['Male', 'Female', 'PreferNotToSay'] as const

/**
 * The registration's fields, in form order, each with its maximum length in characters (also
 * the form's `maxlength`). The field list, the form's empty values and the schema's keys all
 * come from here; the database columns are checked against it by the compiler.
 */
export const maxLengths = {
  email: emailMaxLength,
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

type StateAndCountry = {
  readonly state?: string | undefined
  readonly country?: string | undefined
}

/**
 * The state/country rule as an object schema's last two checks, each message on the state
 * field: a Mexican address without its state, then another country's address with one. Each
 * check reads only the state and the country, so it runs even when other fields are refused.
 */
export function stateRuleChecks<TObject extends StateAndCountry>(
  t: Translate,
  scope: 'always' | 'when both are sent' = 'always',
) {
  const side = (refused: 'missing' | 'foreign', message: MessageDescriptor) =>
    v.forward(
      v.partialCheck(
        [['state'], ['country']],
        (input: StateAndCountry) => passesStateRule(input, refused, scope),
        t(message),
      ),
      ['state'],
    )
  // Written on the two fields it reads, each check hands the whole object on unchanged: typed
  // as the caller's object (Valibot cannot check the paths against a type parameter).
  return [side('missing', m.stateRequired), side('foreign', m.stateOutsideMexico)] as unknown as [
    v.GenericValidation<TObject>,
    v.GenericValidation<TObject>,
  ]
}

export function createRegistrationSchema(t: Translate, today: () => Date = () => new Date()) {
  const object = v.strictObject(
    createRegistrationEntries(t, today),
    // Its own words: an unknown field "is not part of the registration form".
    objectMessage(t, m.unknownRegistrationField, m.registrationNotAnObject),
  )
  return v.pipe(object, ...stateRuleChecks<v.InferOutput<typeof object>>(t))
}

export type RegistrationSchema = ReturnType<typeof createRegistrationSchema>
/** What the API receives and stores: trimmed strings; exteriorNumber may be absent. */
export type RegistrationPayload = v.InferOutput<RegistrationSchema>

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
