import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { countryCodes } from '../addresses/countries'
import { mexicanStateCodes } from '../addresses/mexican-states'
import { fieldMessages } from '../validation/field-messages'
import { isStorableText } from '../validation/field-rules'
import { firstIssuePerField } from '../validation/schema-issues'
import { registrationMessages } from './registration-messages'
import {
  createRegistrationSchema,
  genders,
  maxLengths,
  registrationFields,
} from './registration-schema'

const today = new Date('2026-06-15T12:00:00Z')
const schema = createRegistrationSchema(
  (descriptor) => descriptor.id,
  () => today,
)

/**
 * Text a person could type: any code points but control characters and bidirectional
 * overrides (refused, see the test below), at least one of them not blank.
 */
const text = (max: number) =>
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: max })
    .filter((value) => value.trim() !== '' && isStorableText(value))

const label = fc.stringMatching(/^(?:[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?|xn--[a-z0-9]{2,10})$/)
const email = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9_+-]{1,20}(?:\.[A-Za-z0-9_+-]{1,10}){0,2}$/),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`)
const phone = fc
  .tuple(fc.boolean(), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 15 }))
  .map(([plus, digits]) => `${plus ? '+' : ''}${digits.join('').replace(/(\d{3})(?=\d)/g, '$1 ')}`)
  .filter((value) => value.length <= maxLengths.phone)
const postalCode = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/)
const birthDate = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2026-06-14T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10))

/** A Mexican address has one of the 32 states; any other country's has none. */
const region = fc.oneof(
  fc.record({ country: fc.constant('MX'), state: fc.constantFrom(...mexicanStateCodes) }),
  fc.record({
    country: fc.constantFrom(...countryCodes.filter((code) => code !== 'MX')),
    state: fc.constant(''),
  }),
)

const personAndAddress = fc.record(
  {
    email,
    password: fc
      .string({ unit: 'binary', minLength: 8, maxLength: 128 })
      .filter((value) => !/\p{Cc}/u.test(value)),
    name: text(maxLengths.name),
    lastName: text(maxLengths.lastName),
    phone,
    street: text(maxLengths.street),
    exteriorNumber: text(maxLengths.exteriorNumber),
    interiorNumber: fc.oneof(fc.constant(''), text(maxLengths.interiorNumber)),
    neighborhood: text(maxLengths.neighborhood),
    municipality: text(maxLengths.municipality),
    postalCode,
    city: text(maxLengths.city),
    gender: fc.constantFrom(...genders),
    birthDate,
  },
  {
    requiredKeys: [
      'email',
      'password',
      'name',
      'lastName',
      'phone',
      'street',
      'exteriorNumber',
      'neighborhood',
      'municipality',
      'postalCode',
      'city',
      'gender',
      'birthDate',
    ],
  },
)

const validPayload = fc
  .tuple(personAndAddress, region)
  .map(([payload, where]) => ({ ...payload, ...where }))

/** Every field a payload must carry (the country defaults to MX, whose state is then needed). */
const alwaysRequired = registrationFields.filter(
  (field) => field !== 'interiorNumber' && field !== 'state' && field !== 'country',
)

describe('the registration schema (properties)', () => {
  it('never throws, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = v.safeParse(schema, value)
        expect(typeof result.success).toBe('boolean')
      }),
      { numRuns: 500 },
    )
  })

  it('never throws for objects with the right keys and values of any type', () => {
    const anyValue = fc.oneof(fc.jsonValue(), fc.string(), fc.constant(undefined))
    const shape = Object.fromEntries(registrationFields.map((field) => [field, anyValue]))
    fc.assert(
      fc.property(fc.record(shape, { requiredKeys: [] }), (value) => {
        expect(() => v.safeParse(schema, value)).not.toThrow()
      }),
      { numRuns: 500 },
    )
  })

  it('accepts every valid payload, trimming text and keeping the password as typed', () => {
    fc.assert(
      fc.property(validPayload, (payload) => {
        const result = v.safeParse(schema, payload)
        if (!result.success)
          throw new Error(
            JSON.stringify(result.issues.map((issue) => [issue.path?.[0]?.key, issue.message])),
          )
        expect(result.output.password).toBe(payload.password)
        expect(result.output.name).toBe(payload.name.trim())
        expect(result.output.email).toBe(payload.email)
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a valid payload with any required field missing, naming that field', () => {
    fc.assert(
      fc.property(validPayload, fc.constantFrom(...alwaysRequired), (payload, field) => {
        const { [field]: _removed, ...rest } = payload
        const result = v.safeParse(schema, rest)
        expect(result.success).toBe(false)
        if (!result.success) expect(Object.keys(firstIssuePerField(result.issues))).toEqual([field])
      }),
      { numRuns: 200 },
    )
  })

  it('refuses any unknown key', () => {
    const unknownKey = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((key) => !(registrationFields as readonly string[]).includes(key))
    fc.assert(
      fc.property(validPayload, unknownKey, fc.jsonValue(), (payload, key, value) => {
        const result = v.safeParse(schema, { ...payload, [key]: value })
        expect(result.success).toBe(false)
      }),
      { numRuns: 200 },
    )
  })
})

describe('the registration schema (examples)', () => {
  const valid = fc.sample(validPayload, { numRuns: 1, seed: 42 })[0]
  if (!valid) throw new Error('no sample')
  const fails = (patch: Record<string, unknown>) =>
    firstIssuePerField(v.safeParse(schema, { ...valid, ...patch }).issues ?? [])

  it('refuses control characters, bidirectional overrides and lone surrogates in text, and controls in passwords', () => {
    for (const bad of ['\u0000', '\u0007', '\u0085', '\u202e', '\u2066', '\ud800'])
      expect(Object.keys(fails({ name: `A${bad}B` })), JSON.stringify(bad)).toEqual(['name'])
    expect(Object.keys(fails({ password: 'long enough\u0000pw' }))).toEqual(['password'])
    expect(fails({ name: 'José Ñúñez 李' })).toEqual({})
  })

  it('counts password length in code points (NIST SP 800-63B): 8 emoji pass, 7 do not', () => {
    expect(fails({ password: '😀'.repeat(8) })).toEqual({})
    expect(Object.keys(fails({ password: '😀'.repeat(7) }))).toEqual(['password'])
    expect(Object.keys(fails({ password: 'x'.repeat(129) }))).toEqual(['password'])
    expect(fails({ password: ' spaces are fine ' })).toEqual({})
  })

  it('wants a real date, after 1900 and before today', () => {
    for (const birthDate of [
      '2023-02-30',
      '1990-13-01',
      '17/05/1990',
      '1899-12-31',
      '2026-06-15',
      '2030-01-01',
    ]) {
      expect(Object.keys(fails({ birthDate })), birthDate).toEqual(['birthDate'])
    }
    expect(fails({ birthDate: '2024-02-29' })).toEqual({})
  })

  it('accepts only Male, Female or PreferNotToSay, and real-looking phones and postal codes', () => {
    expect(fails({ gender: 'PreferNotToSay' })).toEqual({})
    expect(Object.keys(fails({ gender: 'male' }))).toEqual(['gender'])
    expect(Object.keys(fails({ gender: '' }))).toEqual(['gender'])
    expect(Object.keys(fails({ phone: '12345' }))).toEqual(['phone'])
    expect(Object.keys(fails({ phone: 'call me' }))).toEqual(['phone'])
    expect(Object.keys(fails({ postalCode: '06600!' }))).toEqual(['postalCode'])
  })

  it('accepts real-world addresses (IDN domains, plus tags) and refuses undeliverable shapes', () => {
    for (const email of ['ana+news@example.com', 'ana@xn--mxico-bsa.mx', 'A.B@Sub.Example.CO']) {
      expect(fails({ email }), email).toEqual({})
    }
    for (const email of [
      'ana@localhost',
      '.ana@example.com',
      'ana.@example.com',
      'a..b@example.com',
      'ana@example',
      'ana example.com',
    ]) {
      expect(Object.keys(fails({ email })), email).toEqual(['email'])
    }
  })

  it('refuses local parts with characters that change a link (? & % / # = …), with their own message', () => {
    for (const email of ["o'brien@example.ie", 'ana_maria-lopez+web@correo.example.mx']) {
      expect(fails({ email }), email).toEqual({})
    }
    for (const email of [
      'sales?cc=attacker%40evil.example&subject=Invoice@example.com',
      'a&b@example.com',
      'a%b@example.com',
      'a/b@example.com',
      'a#b@example.com',
      'a=b@example.com',
      'a!b@example.com',
      'a~b@example.com',
    ]) {
      expect(fails({ email }), email).toEqual({ email: fieldMessages.emailCharacters.id })
    }
  })

  it('refuses accented addresses with a message that says so, not as merely invalid', () => {
    for (const email of ['maría.lópez@example.com', 'ana@méxico.mx', 'niño@example.com']) {
      expect(fails({ email }), email).toEqual({ email: fieldMessages.emailNotAscii.id })
    }
  })

  it('wants the exterior number and lets the interior one be left out or empty', () => {
    const { interiorNumber: _omitted, ...withoutIt } = valid
    expect(v.safeParse(schema, withoutIt).success).toBe(true)
    expect(fails({ interiorNumber: '' })).toEqual({})
    expect(Object.keys(fails({ interiorNumber: 'x'.repeat(21) }))).toEqual(['interiorNumber'])
    expect(fails({ exteriorNumber: '' })).toEqual({
      exteriorNumber: fieldMessages.required.id,
    })
    expect(fails({ exteriorNumber: 'S/N' })).toEqual({})
  })

  it('takes the country as an ISO 3166-1 alpha-2 code, MX when left out, and a Mexican address needs its state', () => {
    const { country: _country, ...withoutCountry } = valid
    const defaulted = v.safeParse(schema, { ...withoutCountry, state: 'JAL' })
    expect(defaulted.success && defaulted.output.country).toBe('MX')
    expect(fails({ country: 'MX', state: 'CMX' })).toEqual({})
    expect(fails({ country: 'US', state: '' })).toEqual({})
    expect(fails({ country: 'MX', state: '' })).toEqual({
      state: registrationMessages.stateRequired.id,
    })
    expect(fails({ country: 'US', state: 'JAL' })).toEqual({
      state: registrationMessages.stateOutsideMexico.id,
    })
    for (const state of ['jal', 'Jalisco', 'XXX', 'MX-JAL'])
      expect(fails({ country: 'MX', state }), state).toEqual({
        state: registrationMessages.stateInvalid.id,
      })
    for (const country of ['México', 'mx', 'MEX', 'XK', 'UK'])
      expect(fails({ country, state: '' }), country).toEqual({
        country: registrationMessages.countryInvalid.id,
      })
  })
})
