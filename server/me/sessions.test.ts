import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { testBackends } from '../test/test-database'

const minute = 60 * 1000
const hour = 60 * minute
const day = 24 * hour
const firefoxOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

type Summary = {
  id: string
  device: string
  current: boolean
  createdAt: string
  lastSeenAt: string
}
const sessionsOf = async (client: ApiClient) =>
  (await client.get('/api/v1/me/sessions')).body.sessions as Summary[]

describe.each(testBackends())('sessions on $name', (backend) => {
  const kit = useAccountKit(backend)

  it('ends after 2 hours idle; activity keeps it; "remember me" stays idle up to 30 days', async () => {
    const account = await kit.verifiedAccount()
    const short = await kit.signedIn(account)
    const remembered = await kit.signedIn(account, { remember: true })
    kit.advance(2 * hour - minute)
    expect((await short.get('/api/v1/me')).status).toBe(200) // used: the idle time starts again
    kit.advance(2 * hour - minute)
    expect((await short.get('/api/v1/me')).status).toBe(200)
    kit.advance(2 * hour + minute)
    const idle = await short.get('/api/v1/me')
    expect(idle.status).toBe(401)
    expect(idle.body).toMatchObject({ success: false, code: 'unauthenticated' })
    expect((await remembered.get('/api/v1/me')).status).toBe(200)
    kit.advance(-(6 * hour + minute))
  })

  it('ends 30 days after the sign-in however active it is', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account, { remember: true })
    let moved = 0
    for (let days = 0; days < 29; days += 1) {
      kit.advance(day)
      moved += day
      expect((await client.get('/api/v1/me')).status).toBe(200)
    }
    kit.advance(day - minute)
    moved += day - minute
    expect((await client.get('/api/v1/me')).status).toBe(200)
    kit.advance(2 * minute)
    moved += 2 * minute
    expect((await client.get('/api/v1/me')).status).toBe(401)
    kit.advance(-moved)
  })

  it('a readable signed-in hint cookie follows the session cookie: set, kept in step, cleared', async () => {
    const cookieOf = (answer: { headers: Headers }, name: string) =>
      answer.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
    const account = await kit.verifiedAccount()
    const client = new ApiClient(kit.api.url)
    await client.fetchXsrfToken()
    expect(client.cookies.has('signed-in')).toBe(false)
    const login = await client.post('/api/v1/auth/login', {
      email: account.email,
      password: account.password,
      remember: true,
    })
    const hint = cookieOf(login, 'signed-in') ?? ''
    expect(hint).toMatch(/^signed-in=1;/)
    expect(hint).not.toMatch(/HttpOnly/)
    // The session cookie's lifetime and rules.
    const sid = cookieOf(login, 'sid') ?? ''
    for (const rule of [/Max-Age=2592000/, /Path=\//, /SameSite=Lax/]) {
      expect(hint).toMatch(rule)
      expect(sid).toMatch(rule)
    }
    // Without "remember me" both end with the browser.
    const short = new ApiClient(kit.api.url)
    const shortLogin = await short.post('/api/v1/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(cookieOf(shortLogin, 'signed-in')).not.toMatch(/Max-Age/)
    // Signing out clears it with the session.
    const out = await short.post('/api/v1/auth/logout', {})
    expect(cookieOf(out, 'signed-in')).toMatch(/^signed-in=;.*Max-Age=0/)
    // A session that ended elsewhere: the 401 that says so clears it.
    await client.post('/api/v1/me/sessions/revoke-others', {})
    const other = await kit.signedIn(account)
    await other.post('/api/v1/me/sessions/revoke-others', {})
    const gone = await client.get('/api/v1/me')
    expect(gone.status).toBe(401)
    expect(cookieOf(gone, 'signed-in')).toMatch(/Max-Age=0/)
    // Over HTTPS it is __Host- prefixed and Secure, like the session id.
    const https = { 'x-forwarded-proto': 'https' }
    const secure = new ApiClient(kit.api.url)
    const tokens = await fetch(`${kit.api.url}/api/v1/auth/xsrf-token`, {
      headers: { ...secure.baseHeaders(), ...https },
    })
    for (const line of tokens.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      secure.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    const secureLogin = await secure.post(
      '/api/v1/auth/login',
      { email: account.email, password: account.password },
      { headers: https },
    )
    expect(secureLogin.status).toBe(200)
    expect(cookieOf(secureLogin, '__Host-signed-in')).toMatch(/Secure/)
  })

  it('lists the user’s sessions with their devices, this one marked current', async () => {
    const account = await kit.verifiedAccount()
    const laptop = await kit.signedIn(account, { userAgent: firefoxOnWindows })
    const phone = await kit.signedIn(account, { userAgent: safariOnIphone })
    const seen = await sessionsOf(laptop)
    expect(seen).toHaveLength(2)
    expect(seen.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Firefox on Windows', true],
      ['Safari on iOS', false],
    ])
    const fromPhone = await sessionsOf(phone)
    expect(fromPhone.find((s) => s.current)?.device).toBe('Safari on iOS')
    const spanish = new ApiClient(kit.api.url, undefined, 'es')
    spanish.cookies.set('sid', laptop.cookies.get('sid') ?? '')
    const inSpanish = (await spanish.get('/api/v1/me/sessions')).body.sessions as Summary[]
    expect(inSpanish.map((s) => s.device).sort()).toEqual(['Firefox en Windows', 'Safari en iOS'])
  })

  it('revoke-others ends every other session of the user, and only those', async () => {
    const account = await kit.verifiedAccount()
    const other = await kit.verifiedAccount()
    const here = await kit.signedIn(account)
    const there = await kit.signedIn(account)
    const elsewhere = await kit.signedIn(account)
    const stranger = await kit.signedIn(other)
    const answer = await here.post('/api/v1/me/sessions/revoke-others', {})
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      success: true,
      message: 'Every other session has been signed out.',
      ended: 2,
    })
    expect((await there.get('/api/v1/me')).status).toBe(401)
    expect((await elsewhere.get('/api/v1/me')).status).toBe(401)
    expect((await here.get('/api/v1/me')).status).toBe(200)
    expect((await stranger.get('/api/v1/me')).status).toBe(200)
    expect(await sessionsOf(here)).toHaveLength(1)
  })

  it('ends one session by its id; another user can neither see nor end it (404)', async () => {
    const alice = await kit.verifiedAccount()
    const bob = await kit.verifiedAccount()
    const aliceLaptop = await kit.signedIn(alice)
    const alicePhone = await kit.signedIn(alice)
    const bobClient = await kit.signedIn(bob)
    const phoneId = (await sessionsOf(alicePhone)).find((s) => s.current)?.id ?? ''
    expect(phoneId).toMatch(/^[0-9a-f-]{36}$/)

    // Bob's list holds only his own session.
    const bobSees = await sessionsOf(bobClient)
    expect(bobSees.map((s) => s.id)).not.toContain(phoneId)
    expect(bobSees).toHaveLength(1)
    const attempt = await bobClient.send('DELETE', `/api/v1/me/sessions/${phoneId}`, undefined)
    expect(attempt.status).toBe(404)
    expect(attempt.body).toMatchObject({ success: false, code: 'not_found' })
    expect((await alicePhone.get('/api/v1/me')).status).toBe(200)
    // Bob's /me is Bob's, whatever the request names.
    const me = await bobClient.get(`/api/v1/me?id=${phoneId}`)
    expect((me.body.user as { email: string }).email).toBe(bob.email)

    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000'])
      expect(
        (await aliceLaptop.send('DELETE', `/api/v1/me/sessions/${id}`, undefined)).status,
      ).toBe(404)
    const ended = await aliceLaptop.send('DELETE', `/api/v1/me/sessions/${phoneId}`, undefined)
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ success: true, message: 'That session has been signed out.' })
    expect((await alicePhone.get('/api/v1/me')).status).toBe(401)
    expect((await aliceLaptop.get('/api/v1/me')).status).toBe(200)
    expect(
      (await aliceLaptop.send('DELETE', `/api/v1/me/sessions/${phoneId}`, undefined)).status,
    ).toBe(404)
  })

  const meEndpoints: readonly (readonly ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown])[] =
    [
      ['GET', '/api/v1/me', undefined],
      ['PATCH', '/api/v1/me', { name: 'Eve' }],
      ['DELETE', '/api/v1/me', { password: 'granite meadow saxophone' }],
      [
        'POST',
        '/api/v1/me/password',
        { currentPassword: 'x', newPassword: 'a long new password 9' },
      ],
      ['GET', '/api/v1/me/export', undefined],
      ['GET', '/api/v1/me/sessions', undefined],
      ['DELETE', '/api/v1/me/sessions/00000000-0000-0000-0000-000000000000', undefined],
      ['POST', '/api/v1/me/sessions/revoke-others', {}],
    ]

  it('every /me endpoint: 401 unauthenticated without a session, and never cached', async () => {
    const anonymous = new ApiClient(kit.api.url)
    await anonymous.fetchXsrfToken()
    for (const [method, path, body] of meEndpoints) {
      const answer = await anonymous.send(method, path, body, { xsrf: method !== 'GET' })
      expect([method, path, answer.status]).toEqual([method, path, 401])
      expect(answer.body).toMatchObject({ success: false, code: 'unauthenticated' })
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    for (const path of ['/api/v1/me', '/api/v1/me/sessions', '/api/v1/me/export']) {
      const answer = await client.get(path)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('every state change needs the XSRF header, signed in or not', async () => {
    const account = await kit.verifiedAccount()
    const client = await kit.signedIn(account)
    const changes = [
      ...meEndpoints.filter(([method]) => method !== 'GET'),
      ['POST', '/api/v1/auth/logout', {}],
      ['POST', '/api/v1/auth/login', { email: account.email, password: account.password }],
      ['POST', '/api/v1/auth/verify-email', { token: 'A'.repeat(43) }],
      ['POST', '/api/v1/auth/resend-verification', { email: account.email }],
    ] as const
    for (const [method, path, body] of changes) {
      const answer = await client.send(method, path, body, { xsrf: false })
      expect([method, path, answer.status]).toEqual([method, path, 403])
      expect(answer.body).toMatchObject({ code: 'xsrf_failed' })
    }
    // Nothing happened: still signed in, still the same name.
    const me = await client.get('/api/v1/me')
    expect(me.status).toBe(200)
    expect((me.body.user as { profile: { name: string } }).profile.name).toBe('Marta')
  })
})
