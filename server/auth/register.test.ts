import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationFor } from '../../tests/fixtures/registration'
import { verifyPassword } from '../security/passwords'
import { ApiClient, type ApiServer, startApi, useApi } from '../test/api-harness'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'

const register = '/api/v1/auth/register'

let sequence = 0
function payload(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    ...registrationFor(`person${sequence}.${Date.now()}@example.com`),
    interiorNumber: '4B',
    ...overrides,
  }
}

describe.each(testBackends())('POST /api/v1/auth/register on $name', (backend) => {
  // Generous limits here: these tests are about answers; rate limits have their own tests.
  const { database, api } = useApi(backend, {
    rateRules: {
      registerPerIp: { name: 'register:ip', limit: 1000, windowSeconds: 900 },
      registerPerEmail: { name: 'register:email', limit: 100, windowSeconds: 900 },
    },
  })
  const userCount = async (email: string) =>
    Number(
      (
        await database.pool.query('SELECT count(*) FROM users WHERE lower(email) = lower($1)', [
          email,
        ])
      ).rows[0].count,
    )

  it('201 for a new account, stored with an argon2id hash and never echoing the password', async () => {
    const body = payload()
    const answer = await new ApiClient(api.url).post(register, body)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ success: true, message: 'Registration successful!' })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const { rows } = await database.pool.query(
      'SELECT *, birth_date::text AS birth_date FROM users WHERE email = $1',
      [body.email],
    )
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(JSON.stringify(row)).not.toContain(body.password)
    expect(await verifyPassword(row.password_hash, body.password)).toBe(true)
    expect(row).toMatchObject({
      exterior_number: '222',
      interior_number: '4B',
      state: 'CMX',
      country: 'MX',
    })
    expect(row.birth_date).toBe('1990-05-17')
  })

  it('stores trimmed values and no interior number when it is left empty or absent', async () => {
    const withEmpty = payload({ interiorNumber: '', name: '  Ana  ' })
    expect((await new ApiClient(api.url).post(register, withEmpty)).status).toBe(201)
    const { interiorNumber: _omitted, ...withoutKey } = payload()
    expect((await new ApiClient(api.url).post(register, withoutKey)).status).toBe(201)
    const { rows } = await database.pool.query(
      'SELECT name, interior_number FROM users WHERE email = ANY($1) ORDER BY created_at',
      [[withEmpty.email, withoutKey.email]],
    )
    expect(rows).toEqual([
      { name: 'Ana', interior_number: null },
      { name: 'Ana', interior_number: null },
    ])
  })

  it('takes the state and the country as ISO codes: MX by default, a state needed there and none elsewhere', async () => {
    const client = new ApiClient(api.url)
    const { country: _country, ...withoutCountry } = payload({ state: 'JAL' })
    expect((await client.post(register, withoutCountry)).status).toBe(201)
    const abroad = payload({ country: 'US', state: '' })
    expect((await client.post(register, abroad)).status).toBe(201)
    const { rows } = await database.pool.query(
      'SELECT state, country FROM users WHERE email = ANY($1) ORDER BY created_at',
      [[withoutCountry.email, abroad.email]],
    )
    expect(rows).toEqual([
      { state: 'JAL', country: 'MX' },
      { state: null, country: 'US' },
    ])
    const refused = async (patch: Record<string, unknown>) =>
      (await client.post(register, payload(patch))).body.fields
    expect(await refused({ state: '' })).toEqual({
      state: 'Select the state: an address in Mexico needs it.',
    })
    expect(await refused({ country: 'US', state: 'JAL' })).toEqual({
      state: 'Leave the state empty for an address outside Mexico.',
    })
    expect(await refused({ country: 'México' })).toEqual({
      country: 'Select a country from the list.',
    })
    expect(await refused({ exteriorNumber: '' })).toEqual({
      exteriorNumber: 'This field is required.',
    })
  })

  it('refuses an accented address with a message that says why, in both languages', async () => {
    const email = 'maría.lópez@example.com'
    const english = await new ApiClient(api.url).post(register, payload({ email }))
    expect(english.status).toBe(400)
    expect(english.body.fields).toEqual({
      email:
        'This address contains accents or letters such as ñ, which many mail servers cannot deliver to. Use an address without them.',
    })
    const spanish = new ApiClient(api.url)
    spanish.cookies.set('app-language', 'es')
    const refused = await spanish.post(register, payload({ email }))
    expect((refused.body.fields as Record<string, string>).email).toMatch(/acentos/)
    expect(await userCount(email)).toBe(0)
  })

  it('409 already_registered for the same address in any case', async () => {
    const body = payload()
    const client = new ApiClient(api.url)
    expect((await client.post(register, body)).status).toBe(201)
    const again = await client.post(register, { ...body, email: body.email.toUpperCase() })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      success: false,
      code: 'already_registered',
      message: 'User already registered. Would you like to resend the recovery email?',
      error: 'User already registered. Would you like to resend the recovery email?',
    })
    expect(await userCount(body.email)).toBe(1)
  })

  it('20 parallel registrations of one address: exactly one 201, the rest 409, one account', async () => {
    const body = payload()
    // A browser retries a 503 (the server's lock and statement timeouts answer it when a loaded
    // machine holds the first registration's row lock past them): the retry must meet the 409.
    const registerOnce = async () => {
      const client = new ApiClient(api.url)
      let answer = await client.post(register, body)
      for (let retry = 0; answer.status === 503 && retry < 3; retry += 1)
        answer = await client.post(register, body)
      return answer
    }
    const answers = await Promise.all(Array.from({ length: 20 }, registerOnce))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, ...Array.from({ length: 19 }, () => 409)])
    expect(await userCount(body.email)).toBe(1)
  })

  it('403 without the XSRF header, and nothing is stored', async () => {
    const body = payload()
    const client = new ApiClient(api.url)
    await client.fetchXsrfToken()
    const answer = await client.post(register, body, { xsrf: false })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ success: false, code: 'xsrf_failed' })
    expect(typeof answer.body.message).toBe('string')
    expect(await userCount(body.email)).toBe(0)
  })

  it('403 for a header that does not match the cookie, or a token signed for another session', async () => {
    const body = payload()
    const victim = new ApiClient(api.url)
    await victim.fetchXsrfToken()
    const mismatch = await victim.post(register, body, {
      headers: { 'x-xsrf-token': 'x'.repeat(66) },
    })
    expect(mismatch.status).toBe(403)

    // An attacker's own valid token pair, planted next to the victim's session cookie.
    const attacker = new ApiClient(api.url)
    const attackerToken = await attacker.fetchXsrfToken()
    victim.cookies.set('XSRF-TOKEN', attackerToken)
    expect((await victim.post(register, body)).status).toBe(403)
    expect(await userCount(body.email)).toBe(0)
  })

  it('issues HttpOnly session and readable XSRF cookies, SameSite=Lax', async () => {
    const response = await fetch(`${api.url}/api/v1/auth/xsrf-token`)
    expect(response.status).toBe(204)
    const cookies = response.headers.getSetCookie()
    expect(cookies.find((c) => c.startsWith('sid='))).toMatch(/HttpOnly/)
    expect(cookies.find((c) => c.startsWith('sid='))).toMatch(/SameSite=Lax/)
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))
    expect(xsrf).toMatch(/SameSite=Lax/)
    expect(xsrf).not.toMatch(/HttpOnly/)
  })

  it('marks the cookies Secure (and uses __Host-sid) behind HTTPS', async () => {
    const response = await fetch(`${api.url}/api/v1/auth/xsrf-token`, {
      headers: { 'x-forwarded-proto': 'https' },
    })
    const cookies = response.headers.getSetCookie()
    expect(cookies.find((c) => c.startsWith('__Host-sid='))).toMatch(/Secure/)
    expect(cookies.find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/Secure/)
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
  })

  it.each([
    ['invalid JSON', '{"email": ', 'application/json', 400],
    ['a JSON array', '[]', 'application/json', 400],
    ['null', 'null', 'application/json', 400],
    ['text/plain', JSON.stringify({ email: 'a@b.co' }), 'text/plain', 415],
    ['no content type', '{}', '', 415],
    ['form encoding', 'email=a%40b.co', 'application/x-www-form-urlencoded', 415],
  ])('4xx with a message for %s', async (_label, body, contentType, status) => {
    const answer = await new ApiClient(api.url).post(register, body, { contentType })
    expect(answer.status).toBe(status)
    expect(answer.body.success).toBe(false)
    expect(typeof answer.body.message).toBe('string')
    expect(answer.body.error).toBe(answer.body.message)
  })

  it('413 for a 2 MiB body, by Content-Length and when streamed without one', async () => {
    const big = JSON.stringify({ ...payload(), name: 'x'.repeat(2 * 1024 * 1024) })
    const client = new ApiClient(api.url)
    const answer = await client.post(register, big)
    expect(answer.status).toBe(413)
    expect(typeof answer.body.message).toBe('string')

    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i += 1)
          controller.enqueue(new TextEncoder().encode('x'.repeat(4096)))
        controller.close()
      },
    })
    const streamed = await fetch(`${api.url}${register}`, {
      method: 'POST',
      headers: {
        ...client.baseHeaders(),
        'content-type': 'application/json',
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
  })

  it('400 with a message per field: missing fields, bad email, wrong types, bounds, unknown keys', async () => {
    const client = new ApiClient(api.url)
    const missing = await client.post(register, { email: 'ana@example.com' })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      success: false,
      code: 'invalid_fields',
      message: 'Some fields are missing or invalid.',
    })
    const fields = missing.body.fields as Record<string, string>
    expect(fields.password).toBe('This field is required.')
    expect(fields.birthDate).toBe('This field is required.')
    expect(fields.exteriorNumber).toBe('This field is required.')
    expect(fields.interiorNumber).toBeUndefined()

    const wrong = await client.post(
      register,
      payload({
        email: 'nope',
        phone: 5551234,
        gender: 'Other',
        birthDate: '2999-01-01',
        password: 'short',
      }),
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
      phone: 'Enter this value as text.',
      gender: 'Select one of the options.',
      birthDate: 'The birth date must be in the past.',
      password: 'Use at least 8 characters.',
    })

    const unknown = await client.post(register, payload({ isAdmin: true }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({
      isAdmin: 'This field is not part of the registration form.',
    })

    const tooLong = await client.post(
      register,
      payload({ password: 'p'.repeat(129), city: 'c'.repeat(101) }),
    )
    expect(tooLong.body.fields).toEqual({
      password: 'Use at most 128 characters.',
      city: 'Use at most 100 characters.',
    })

    const proto = await client.post(
      register,
      `{"__proto__": {"polluted": true}, ${JSON.stringify(payload()).slice(1)}`,
    )
    expect(proto.status).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers in Spanish for app-language=es, or Accept-Language es', async () => {
    const byCookie = new ApiClient(api.url)
    byCookie.cookies.set('app-language', 'es')
    const created = await byCookie.post(register, payload())
    expect(created.body.message).toBe('¡Registro exitoso!')
    const missing = await new ApiClient(api.url, undefined, 'es-MX,es;q=0.9,en;q=0.5').post(
      register,
      {},
    )
    expect(missing.body.message).toBe('Faltan campos o no son válidos.')
    expect((missing.body.fields as Record<string, string>).email).toBe('Este campo es obligatorio.')
  })
})

describe('register rate limits', () => {
  const [embedded] = testBackends()
  if (!embedded) throw new Error('no backend')
  const { api } = useApi(embedded, {
    rateRules: {
      registerPerIp: { name: 'register:ip', limit: 3, windowSeconds: 900 },
      registerPerEmail: { name: 'register:email', limit: 2, windowSeconds: 900 },
    },
  })

  it('429 with Retry-After once an address (client) exceeds its budget', async () => {
    const client = new ApiClient(api.url)
    for (let i = 0; i < 3; i += 1) expect((await client.post(register, payload())).status).toBe(201)
    const limited = await client.post(register, payload())
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.body).toMatchObject({ success: false, code: 'rate_limited' })
    expect(limited.body.message).toMatch(/Too many attempts\. Please try again in \d+ seconds\./)
  })

  it('429 once one email is tried too often, from any client', async () => {
    const body = payload()
    expect((await new ApiClient(api.url).post(register, body)).status).toBe(201)
    expect((await new ApiClient(api.url).post(register, body)).status).toBe(409)
    expect((await new ApiClient(api.url).post(register, body)).status).toBe(429)
  })
})

describe('when the database is unreachable', () => {
  let database: TestDatabase
  let api: ApiServer
  beforeAll(async () => {
    const [embedded] = testBackends()
    if (!embedded) throw new Error('no backend')
    database = await createTestDatabase(embedded)
    api = await startApi(database)
    await database.pool.end()
  })
  afterAll(async () => {
    await api?.close()
    await database?.drop()
  })

  it('answers a translated 503 with Retry-After and no details, and /healthz says 503', async () => {
    const client = new ApiClient(api.url)
    client.cookies.set('app-language', 'es')
    const answer = await client.post(register, payload())
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('5')
    expect(answer.body).toEqual({
      success: false,
      code: 'unavailable',
      message:
        'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
      error: 'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
    })
    expect((await fetch(`${api.url}/healthz`)).status).toBe(503)
  })
})
