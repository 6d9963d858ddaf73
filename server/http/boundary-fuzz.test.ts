import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationFields } from '../../domain/registration/registration-schema'
import { requestTimeoutsFor } from '../db/timeouts'
import { ApiClient, type ApiServer, startApi } from '../test/api-harness'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'

/**
 * Every auth endpoint gets arbitrary JSON: arbitrary Unicode in every field (every plane,
 * control characters, bidirectional overrides, lone surrogates, 100 kB strings), wrong types,
 * nesting, duplicate and prototype keys, and bodies that are not objects or not JSON. Each
 * answer must be a documented 2xx/4xx with the documented body (never a 5xx), and a 4xx must
 * leave the database as it was. CI runs a fixed seed; locally each run draws a new one (printed,
 * and FUZZ_SEED replays it).
 */
const seed = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI === 'true'
    ? 20_261_123
    : Math.floor(Math.random() * 2 ** 31)
const numRuns = Number(process.env.FUZZ_RUNS ?? 2000)

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))
const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((c) => String.fromCharCode(c))
const bidiControl = fc.constantFrom(
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2069',
)
const anyChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: controlChar },
  { weight: 1, arbitrary: bidiControl },
)
/** Strings as an attacker writes them: short and odd, or huge. */
const hostileString = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: anyChar, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('x'.repeat(100_000), 'é'.repeat(40_000), '\u0000'.repeat(300)),
  },
  { weight: 1, arbitrary: fc.string({ unit: anyChar, minLength: 200, maxLength: 2000 }) },
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, [], {}, [[[[[]]]]]) },
)

type Plan = { readonly body: string; readonly contentType?: string }

/** A valid payload with some fields replaced, removed or added, serialised in odd ways. */
function mutated(
  valid: () => Record<string, string>,
  fields: readonly string[],
): fc.Arbitrary<Plan> {
  const field = fc.constantFrom(...fields)
  const change = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), field, value: hostileValue }),
    fc.record({ kind: fc.constant('drop' as const), field }),
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin'),
        hostileString,
      ),
      value: hostileValue,
    }),
    fc.record({ kind: fc.constant('duplicate' as const), field, value: hostileString }),
  )
  return fc.array(change, { minLength: 0, maxLength: 3 }).map((changes) => {
    const base: Record<string, unknown> = valid()
    let json = ''
    const extras: string[] = []
    for (const c of changes) {
      if (c.kind === 'set') base[c.field] = c.value
      else if (c.kind === 'drop') delete base[c.field]
      // JSON.stringify cannot write "__proto__" as an own key or repeat a key: written by hand.
      else if (c.kind === 'extra')
        extras.push(`${JSON.stringify(c.key)}:${JSON.stringify(c.value) ?? 'null'}`)
      else extras.push(`${JSON.stringify(c.field)}:${JSON.stringify(c.value)}`)
    }
    json = JSON.stringify(base)
    if (extras.length)
      json = `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}${extras.join(',')}}`
    return { body: json }
  })
}

/** Whole bodies that are not the expected object at all. */
const wrongBodies: fc.Arbitrary<Plan> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => ({ body: JSON.stringify(value) ?? 'null' })),
  fc.string({ unit: anyChar, maxLength: 60 }).map((body) => ({ body })),
  fc.constantFrom<Plan>(
    { body: '{"a":'.repeat(2000) },
    { body: '[]' },
    { body: '' },
    { body: '{}', contentType: 'text/plain' },
    { body: '{"email":"a@b.co"}', contentType: 'application/x-www-form-urlencoded' },
  ),
)

const documentedCodes = new Set([
  'invalid_json',
  'invalid_fields',
  'unsupported_media_type',
  'too_large',
  'already_registered',
  'invalid_token',
  'expired_token',
  'invalid_credentials',
  'email_unverified',
  'rate_limited',
])

function expectDocumented(
  status: number,
  body: Record<string, unknown>,
  successes: number[],
  failures: number[] = [400, 409, 413, 415],
): void {
  if (successes.includes(status)) {
    expect(body).toEqual({ success: true, message: expect.any(String) })
    return
  }
  expect(failures).toContain(status)
  expect(body.success).toBe(false)
  expect(documentedCodes.has(String(body.code))).toBe(true)
  expect(typeof body.message).toBe('string')
  expect(body.error).toBe(body.message)
  if (body.code === 'invalid_fields') expect(typeof body.fields).toBe('object')
}

let sequence = 0
function validRegistration(): Record<string, string> {
  sequence += 1
  return {
    email: `fuzz${sequence}.${seed}@example.com`,
    password: 'violet harbour lantern',
    name: 'Ana',
    lastName: 'García',
    phone: '+52 55 1234 5678',
    street: 'Av. Reforma',
    exteriorNumber: '222',
    interiorNumber: '4B',
    neighborhood: 'Juárez',
    municipality: 'Cuauhtémoc',
    postalCode: '06600',
    city: 'Ciudad de México',
    state: 'CMX',
    country: 'MX',
    gender: 'Female',
    birthDate: '1990-05-17',
  }
}

// The fuzzing checks how each input is answered, not how long the database may take: on a busy
// machine a statement can outlast production's bounds (1.5 s) and be answered 503 by design
// (server/db/fault-tolerance.test.ts tests those bounds).
const patientTimeouts = requestTimeoutsFor(20_000)

// On every test backend: CI adds its PostgreSQL 15 (TEST_DATABASE_URL) to the embedded one, so
// what the database itself rejects (encodings, lengths, NUL bytes) is checked on both.
describe.each(testBackends())(
  `boundary fuzzing on $name (seed ${seed}, ${numRuns} cases per endpoint)`,
  (backend) => {
    let database: TestDatabase
    let api: ApiServer
    let client: ApiClient
    const generous = { limit: 1_000_000, windowSeconds: 900 }

    beforeAll(async () => {
      database = await createTestDatabase(backend, undefined, undefined, patientTimeouts)
      api = await startApi(database, {
        rateRules: {
          registerPerIp: { name: 'register:ip', ...generous },
          registerPerEmail: { name: 'register:email', ...generous },
          resendPerIp: { name: 'resend:ip', ...generous },
          resendPerEmail: { name: 'resend:email', ...generous },
          resendPerEmailDaily: { name: 'resend:email:day', ...generous },
          resetPerIp: { name: 'reset:ip', ...generous },
          verifyEmailPerIp: { name: 'verify:ip', ...generous },
          resendVerificationPerIp: { name: 'verify-resend:ip', ...generous },
          resendVerificationPerEmail: { name: 'verify-resend:email', ...generous },
          resendVerificationPerEmailDaily: { name: 'verify-resend:email:day', ...generous },
          loginFailuresPerIp: { name: 'login:ip', ...generous },
          loginFailuresPerAccount: { name: 'login:account', ...generous },
          accountPerIp: { name: 'account:ip', ...generous },
        },
      })
      client = new ApiClient(api.url)
      console.log(`boundary fuzzing: seed ${seed} (replay with FUZZ_SEED=${seed})`)
    })
    afterAll(async () => {
      await api?.close()
      await database?.drop()
    })

    const count = async (sql: string) => Number((await database.pool.query(sql)).rows[0].count)
    const send = (path: string, plan: Plan) =>
      client.post(path, plan.body, plan.contentType ? { contentType: plan.contentType } : {})

    it('register: never a 5xx, documented bodies, nothing stored on a 4xx', async () => {
      let created = 0
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 5, arbitrary: mutated(validRegistration, registrationFields) },
            wrongBodies,
          ),
          async (plan) => {
            const before = await count('SELECT count(*) FROM users')
            const answer = await send('/api/v1/auth/register', plan)
            expectDocumented(answer.status, answer.body, [201])
            const after = await count('SELECT count(*) FROM users')
            expect(after - before).toBe(answer.status === 201 ? 1 : 0)
            if (answer.status === 201) created += 1
          },
        ),
        { numRuns, seed },
      )
      // The generator must also reach the success path, or it tests only the front door.
      expect(created).toBeGreaterThan(0)
    }, 600_000)

    it('resend-recovery-email: never a 5xx, documented bodies, nothing queued on a 4xx', async () => {
      const validResend = () => {
        sequence += 1
        return { email: `fuzz-resend${sequence}@example.com` }
      }
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 5, arbitrary: mutated(validResend, ['email']) }, wrongBodies),
          async (plan) => {
            const before = await count('SELECT count(*) FROM mail_outbox')
            const answer = await send('/api/v1/auth/resend-recovery-email', plan)
            expectDocumented(answer.status, answer.body, [200])
            const after = await count('SELECT count(*) FROM mail_outbox')
            expect(after - before).toBe(answer.status === 200 ? 1 : 0)
          },
        ),
        { numRuns, seed },
      )
    }, 600_000)

    it('reset-password: never a 5xx, documented bodies, no password changed on a 4xx', async () => {
      const validReset = () => {
        sequence += 1
        return {
          token: 'A'.repeat(42) + String.fromCharCode(65 + (sequence % 26)),
          password: 'violet harbour lantern',
        }
      }
      const changed = 'SELECT count(*) FROM users WHERE password_changed_at IS NOT NULL'
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 5, arbitrary: mutated(validReset, ['token', 'password']) },
            wrongBodies,
          ),
          async (plan) => {
            const before = await count(changed)
            const answer = await send('/api/v1/auth/reset-password', plan)
            expectDocumented(answer.status, answer.body, [200])
            expect(answer.status).not.toBe(200) // no token exists: every reset must fail
            expect(await count(changed)).toBe(before)
          },
        ),
        { numRuns, seed },
      )
    }, 600_000)

    // The account endpoints: fewer cases each (a sign-in attempt costs an argon2 verification).
    const accountRuns = Math.ceil(numRuns / 4)

    it('login: never a 5xx, documented bodies, no session on a 4xx', async () => {
      const validLogin = () => {
        sequence += 1
        return { email: `fuzz-login${sequence}@example.com`, password: 'violet harbour lantern' }
      }
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 5, arbitrary: mutated(validLogin, ['email', 'password', 'remember']) },
            wrongBodies,
          ),
          async (plan) => {
            const answer = await send('/api/v1/auth/login', plan)
            // No such account exists: every sign-in must fail.
            expectDocumented(answer.status, answer.body, [], [400, 401, 413, 415])
            expect(await count('SELECT count(*) FROM sessions')).toBe(0)
          },
        ),
        { numRuns: accountRuns, seed },
      )
    }, 600_000)

    it('verify-email and resend-verification: never a 5xx, documented bodies', async () => {
      const validVerify = () => ({ token: 'B'.repeat(43) })
      const validResend = () => {
        sequence += 1
        return { email: `fuzz-verify${sequence}@example.com` }
      }
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 5, arbitrary: mutated(validVerify, ['token']) }, wrongBodies),
          fc.oneof({ weight: 5, arbitrary: mutated(validResend, ['email']) }, wrongBodies),
          async (verifyPlan, resendPlan) => {
            const verified = await send('/api/v1/auth/verify-email', verifyPlan)
            expectDocumented(verified.status, verified.body, [], [400, 413, 415])
            const resent = await send('/api/v1/auth/resend-verification', resendPlan)
            expectDocumented(resent.status, resent.body, [200])
          },
        ),
        { numRuns: accountRuns, seed },
      )
    }, 600_000)

    it('PATCH /me (signed in): never a 5xx, documented bodies, the profile unchanged on a 4xx', async () => {
      const email = `fuzz-profile.${seed}@example.com`
      expect(
        (await client.post('/api/v1/auth/register', { ...validRegistration(), email })).status,
      ).toBe(201)
      await database.pool.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [
        email,
      ])
      const signedIn = new ApiClient(api.url)
      const login = await signedIn.post('/api/v1/auth/login', {
        email,
        password: 'violet harbour lantern',
      })
      expect(login.status).toBe(200)
      const profileFields = registrationFields.filter((f) => f !== 'email' && f !== 'password')
      const validPatch = () => ({ name: 'Ana', city: 'Puebla' })
      const snapshot = async () =>
        JSON.stringify(
          (await database.pool.query('SELECT * FROM users WHERE email = $1', [email])).rows,
        )
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 5, arbitrary: mutated(validPatch, profileFields) }, wrongBodies),
          async (plan) => {
            const before = await snapshot()
            const answer = await signedIn.send(
              'PATCH',
              '/api/v1/me',
              plan.body,
              plan.contentType ? { contentType: plan.contentType } : {},
            )
            expect(answer.status).toBeLessThan(500)
            if (answer.status === 200) {
              expect(answer.body).toMatchObject({ success: true, user: { email } })
              return
            }
            expectDocumented(answer.status, answer.body, [], [400, 413, 415])
            expect(await snapshot()).toBe(before)
          },
        ),
        { numRuns: accountRuns, seed },
      )
    }, 600_000)

    it('every text field refuses control characters, bidi overrides and lone surrogates with its own translated message', async () => {
      // The choices (gender, state, country) answer "choose from the list" instead.
      const textFields = registrationFields.filter(
        (f) => !['password', 'gender', 'birthDate', 'email', 'state', 'country'].includes(f),
      )
      const spanish = new ApiClient(api.url, undefined, 'es')
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...textFields),
          fc.oneof(controlChar, bidiControl, loneSurrogate),
          fc.boolean(),
          async (field, bad, inSpanish) => {
            const payload = validRegistration()
            payload[field] = `A${bad}B`
            const answer = await (inSpanish ? spanish : client).post(
              '/api/v1/auth/register',
              payload,
            )
            expect(answer.status).toBe(400)
            const fields = answer.body.fields as Record<string, string>
            expect(Object.keys(fields)).toEqual([field])
            expect(fields[field]).toBe(
              inSpanish
                ? 'Quita los caracteres invisibles o de control de este campo.'
                : 'Remove the invisible or control characters from this field.',
            )
          },
        ),
        { numRuns: 200, seed },
      )
    }, 120_000)
  },
)
