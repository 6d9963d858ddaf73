import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { countingHashSlots } from '../test/counting-hash-slots'
import { testBackends } from '../test/test-database'

const login = '/api/v1/auth/login'

describe.each(testBackends())('sign-in and sign-out on $name', (backend) => {
  const slots = countingHashSlots()
  const kit = useAccountKit(backend, {
    hashSlots: slots,
    rateRules: {
      // Room for the timing samples; the limits have their own test with their own rules.
      loginFailuresPerIp: { name: 'login:ip', limit: 1000, windowSeconds: 900 },
      loginFailuresPerAccount: { name: 'login:account', limit: 1000, windowSeconds: 900 },
    },
  })

  it('unknown address and wrong password: the same 401 and body, and the same argon2 work (one verification against a hash, the dummy one for an unknown address)', async () => {
    const account = await kit.verifiedAccount()
    const client = new ApiClient(kit.api.url)
    await client.fetchXsrfToken()
    const unknownEmail = `nobody.${Date.now()}@example.com`
    // What one attempt costs in argon2 runs: the same for both, so their time is the same too
    // (a wall-clock comparison would flake on a busy machine; `npm run bench` times sign-in).
    const attempt = async (email: string) => {
      const before = slots.runs
      const answer = await client.post(login, { email, password: 'not the password 1' })
      return { answer, hashed: slots.runs - before }
    }
    const unknown = await attempt(unknownEmail)
    const wrong = await attempt(account.email)
    expect(unknown.answer.status).toBe(401)
    expect(wrong.answer.status).toBe(401)
    expect(unknown.answer.body).toEqual(wrong.answer.body)
    expect(unknown.hashed).toBe(1)
    expect(wrong.hashed).toBe(1)
    expect(unknown.answer.body).toEqual({
      success: false,
      code: 'invalid_credentials',
      message: 'The email or password is not correct.',
      error: 'The email or password is not correct.',
    })
  })

  it('signs in with a new session id (no fixation), re-binds the XSRF token, and answers the user', async () => {
    const account = await kit.verifiedAccount()
    const client = new ApiClient(kit.api.url)
    const oldXsrf = await client.fetchXsrfToken()
    const oldSid = client.cookies.get('sid')
    const answer = await client.post(login, {
      email: account.email.toUpperCase(),
      password: account.password,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: 'You are signed in.',
      user: { email: account.email, emailVerified: true, locale: 'en' },
    })
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|password/i)
    const newSid = client.cookies.get('sid')
    expect(newSid).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newSid).not.toBe(oldSid)
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(oldXsrf)
    const cookies = answer.headers.getSetCookie()
    const sidCookie = cookies.find((c) => c.startsWith('sid=')) ?? ''
    expect(sidCookie).toMatch(/HttpOnly/)
    expect(sidCookie).toMatch(/SameSite=Lax/)
    expect(sidCookie).not.toMatch(/Max-Age/) // without "remember me": ends with the browser

    // Only the hash of the id is stored.
    const stored = await kit.database.pool.query('SELECT token_hash FROM sessions')
    expect(JSON.stringify(stored.rows)).not.toContain(newSid)

    expect((await client.get('/api/v1/me')).status).toBe(200)
    // The id known before the sign-in (say, planted by an attacker) is not signed in.
    const planted = new ApiClient(kit.api.url)
    planted.cookies.set('sid', oldSid ?? '')
    expect((await planted.get('/api/v1/me')).status).toBe(401)
    // The old XSRF token is signed for the old id: refused next to the new one.
    const stale = new ApiClient(kit.api.url)
    stale.cookies.set('sid', newSid ?? '')
    stale.cookies.set('XSRF-TOKEN', oldXsrf)
    const refused = await stale.post('/api/v1/me/sessions/revoke-others', {})
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'xsrf_failed' })
    expect((await client.post('/api/v1/me/sessions/revoke-others', {})).status).toBe(200)
  })

  it('"remember me" keeps the cookie 30 days; over HTTPS the cookie is __Host- and Secure', async () => {
    const account = await kit.verifiedAccount()
    const client = new ApiClient(kit.api.url)
    await client.fetchXsrfToken()
    const remembered = await client.post(login, {
      email: account.email,
      password: account.password,
      remember: true,
    })
    expect(remembered.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(
      /Max-Age=2592000/,
    )
    const secure = new ApiClient(kit.api.url)
    const https = { 'x-forwarded-proto': 'https' }
    const tokenAnswer = await fetch(`${kit.api.url}/api/v1/auth/xsrf-token`, {
      headers: { ...secure.baseHeaders(), ...https },
    })
    for (const line of tokenAnswer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      secure.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    const answer = await secure.post(
      login,
      { email: account.email, password: account.password },
      { headers: https },
    )
    expect(answer.status).toBe(200)
    const sid = answer.headers.getSetCookie().find((c) => c.startsWith('__Host-sid=')) ?? ''
    expect(sid).toMatch(/Secure/)
    expect(sid).toMatch(/HttpOnly/)
    expect(sid).toMatch(/Path=\//)
    expect((await secure.get('/api/v1/me', https)).status).toBe(200)
  })

  it('sign-out ends the session on the server: a copy of the old id is signed out too', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    const copy = new ApiClient(kit.api.url)
    copy.cookies.set('sid', client.cookies.get('sid') ?? '')
    expect((await copy.get('/api/v1/me')).status).toBe(200)
    const out = await client.post('/api/v1/auth/logout', {})
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ success: true, message: 'You are signed out.' })
    expect((await copy.get('/api/v1/me')).status).toBe(401)
    expect((await client.get('/api/v1/me')).status).toBe(401)
    // Still a browser with a valid XSRF pair: it can sign in again at once.
    expect(
      (await client.post(login, { email: account.email, password: account.password })).status,
    ).toBe(200)
  })

  it('refuses a malformed body with messages per field', async () => {
    const answer = await new ApiClient(kit.api.url).post(login, { email: 'nope', remember: 'yes' })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields as object).sort()).toEqual([
      'email',
      'password',
      'remember',
    ])
  })
})

describe.each(testBackends())('sign-in limits on $name', (backend) => {
  const kit = useAccountKit(backend, {
    rateRules: {
      loginFailuresPerIp: { name: 'login:ip', limit: 6, windowSeconds: 900 },
      loginFailuresPerAccount: { name: 'login:account', limit: 3, windowSeconds: 900 },
    },
  })

  it('per account: failures only, 429 with Retry-After, a success clears the count', async () => {
    const account = await kit.verifiedAccount()
    const wrong = { email: account.email, password: 'not it at all' }
    // Each attempt from another address: only the account's limit applies.
    const from = () => new ApiClient(kit.api.url)
    expect((await from().post(login, wrong)).status).toBe(401)
    expect((await from().post(login, wrong)).status).toBe(401)
    // A success resets the account's failures: three more wrong ones are answered 401 again.
    await kit.signedIn(account)
    for (let i = 0; i < 3; i += 1) expect((await from().post(login, wrong)).status).toBe(401)
    const limited = await from().post(login, wrong)
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ success: false, code: 'rate_limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Now even the right password waits: the limit is checked before the password.
    const right = await from().post(login, { email: account.email, password: account.password })
    expect(right.status).toBe(429)
    // An unknown address is limited alike (nothing tells the two apart).
    const ghost = { email: `ghost.${Date.now()}@example.com`, password: 'whatever it is' }
    for (let i = 0; i < 3; i += 1) expect((await from().post(login, ghost)).status).toBe(401)
    expect((await from().post(login, ghost)).status).toBe(429)
  })

  it('per address: failures across accounts, 429 with Retry-After; successes do not count', async () => {
    const account = await kit.verifiedAccount()
    const client = new ApiClient(kit.api.url)
    for (let i = 0; i < 3; i += 1)
      expect(
        (await client.post(login, { email: account.email, password: account.password })).status,
      ).toBe(200)
    for (let i = 0; i < 6; i += 1)
      expect(
        (
          await client.post(login, {
            email: `x${i}.${Date.now()}@example.com`,
            password: 'nope nope',
          })
        ).status,
      ).toBe(401)
    const limited = await client.post(login, { email: account.email, password: account.password })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
