import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import {
  addPasskey,
  enrolTotp,
  nextCode,
  proveWithCode,
  proveWithPasskey,
  signedInWithCode,
  signedInWithPasskey,
  testOrigin,
} from '../test/factor-kit'
import { assertPasskey, createPasskey } from '../test/software-authenticator'
import { testBackends } from '../test/test-database'
import { totpCodeAtStep, totpStep } from '../test/totp-code'

const login = (client: ApiClient, email: string, password: string) =>
  client.post('/api/v1/auth/login', { email, password })

describe.each(testBackends())('second factors on $name', (backend) => {
  const kit = useAccountKit(backend)

  it('an authenticator app: enrolled with a current code, then a second sign-in step; ±1 step tolerated, a code works once', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const started = await browser.post('/api/v1/me/factors/totp', {})
    expect(started.status).toBe(200)
    const secret = String(started.body.secret)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(String(started.body.otpauthUri)).toMatch(
      new RegExp(`^otpauth://totp/.+secret=${secret}&algorithm=SHA1&digits=6&period=30$`),
    )
    // The secret is stored sealed: its text is nowhere in the row.
    const stored = await kit.database.pool.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM totp_factors',
    )
    expect(stored.rows.some((row) => row.secret_ciphertext.includes(secret))).toBe(false)
    expect(stored.rows.every((row) => row.secret_ciphertext.startsWith('v1.'))).toBe(true)

    const wrong = await browser.post('/api/v1/me/factors/totp/confirm', { code: '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('invalid_code')
    const confirmed = await browser.post('/api/v1/me/factors/totp/confirm', {
      code: nextCode(kit, secret),
    })
    expect(confirmed.status).toBe(200)
    const recoveryCodes = confirmed.body.recoveryCodes as string[]
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/)
    // The account has a factor now: managing factors needs a proof by it.
    await proveWithCode(kit, browser, secret)
    const again = await browser.post('/api/v1/me/factors/totp', {})
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('totp_already_enabled')
    expect((await browser.get('/api/v1/me/factors')).body).toMatchObject({
      passkeys: [],
      totp: true,
      recoveryCodesLeft: 10,
    })
    await kit.worker.deliverDue()
    const notice = await kit.smtp.waitForMail(account.email, 10_000, (mail) =>
      mail.text.includes('authenticator app was set up'),
    )
    expect(notice.subject).toBe('Your Puente Digital sign-in settings changed')
    expect(notice.text).toContain('Hello Marta,')

    // The password alone no longer signs in: a half-way state, no session.
    const half = new ApiClient(kit.api.url)
    const first = await login(half, account.email, account.password)
    expect(first.status).toBe(401)
    expect(first.body).toMatchObject({
      success: false,
      code: 'second_factor_required',
      methods: ['totp', 'recoveryCode'],
    })
    expect((await half.get('/api/v1/me')).status).toBe(401)

    kit.advance(60_000)
    const step = totpStep(kit.now())
    // Two steps away: refused (and the guess counted).
    const tooOld = await half.post('/api/v1/auth/login/second-factor', {
      code: totpCodeAtStep(secret, step - 2),
    })
    expect(tooOld.body.code).toBe('invalid_code')
    // One step behind (a phone's clock a little slow): accepted.
    const previous = totpCodeAtStep(secret, step - 1)
    const signedIn = await half.post('/api/v1/auth/login/second-factor', { code: previous })
    expect(signedIn.status).toBe(200)
    expect((signedIn.body.user as { email: string }).email).toBe(account.email)
    const sessions = (await half.get('/api/v1/me/sessions')).body.sessions as {
      current: boolean
      signInMethod: string
    }[]
    expect(sessions.find((s) => s.current)?.signInMethod).toBe('passwordAndCode')

    // The same code again (a replay), on another sign-in: refused.
    const other = new ApiClient(kit.api.url)
    expect((await login(other, account.email, account.password)).status).toBe(401)
    const replay = await other.post('/api/v1/auth/login/second-factor', { code: previous })
    expect(replay.status).toBe(400)
    expect(replay.body.code).toBe('invalid_code')
    // One step ahead (a phone's clock a little fast): accepted; then the current one is older.
    const ahead = totpCodeAtStep(secret, step + 1)
    expect((await other.post('/api/v1/auth/login/second-factor', { code: ahead })).status).toBe(200)
    const third = new ApiClient(kit.api.url)
    await login(third, account.email, account.password)
    const current = await third.post('/api/v1/auth/login/second-factor', {
      code: totpCodeAtStep(secret, step),
    })
    expect(current.body.code).toBe('invalid_code')
  })

  it('the half-way state lives 5 minutes and is no session; a second step without one is sign_in_expired', async () => {
    const account = await kit.verifiedAccount()
    const { secret } = await enrolTotp(kit, await kit.signedIn(account))
    const stranger = new ApiClient(kit.api.url)
    const none = await stranger.post('/api/v1/auth/login/second-factor', { code: '123456' })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('sign_in_expired')

    const half = new ApiClient(kit.api.url)
    expect((await login(half, account.email, account.password)).status).toBe(401)
    kit.advance(5 * 60_000 + 1_000)
    const late = await half.post('/api/v1/auth/login/second-factor', {
      code: nextCode(kit, secret),
    })
    expect(late.status).toBe(401)
    expect(late.body.code).toBe('sign_in_expired')
  })

  it('recovery codes: each works once, the page learns how many are left, regenerating retires the old set', async () => {
    const account = await kit.verifiedAccount('es')
    const { recoveryCodes } = await enrolTotp(kit, await kit.signedIn(account))
    const [firstCode = '', secondCode = ''] = recoveryCodes
    const browser = new ApiClient(kit.api.url)
    await login(browser, account.email, account.password)
    // Typed in capitals with spaces: the same code.
    const typed = firstCode.toUpperCase().replace(/-/g, ' ')
    const used = await browser.post('/api/v1/auth/login/second-factor', { code: typed })
    expect(used.status).toBe(200)
    const sessions = (await browser.get('/api/v1/me/sessions')).body.sessions as {
      current: boolean
      signInMethod: string
    }[]
    expect(sessions.find((s) => s.current)?.signInMethod).toBe('recoveryCode')
    expect((await browser.get('/api/v1/me/factors')).body.recoveryCodesLeft).toBe(9)

    const again = new ApiClient(kit.api.url)
    await login(again, account.email, account.password)
    const reused = await again.post('/api/v1/auth/login/second-factor', { code: firstCode })
    expect(reused.status).toBe(400)
    expect(reused.body.code).toBe('invalid_code')
    // In Spanish, like every answer of a Spanish browser.
    const spanish = new ApiClient(kit.api.url, undefined, 'es')
    await login(spanish, account.email, account.password)
    const refused = await spanish.post('/api/v1/auth/login/second-factor', { code: firstCode })
    expect(refused.body.message).toMatch(/código/)

    const regenerated = await browser.post('/api/v1/me/factors/recovery-codes', {})
    expect(regenerated.status).toBe(200)
    const fresh = regenerated.body.recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(secondCode)
    const old = new ApiClient(kit.api.url)
    await login(old, account.email, account.password)
    expect(
      (await old.post('/api/v1/auth/login/second-factor', { code: secondCode })).body.code,
    ).toBe('invalid_code')
    expect((await old.post('/api/v1/auth/login/second-factor', { code: fresh[0] })).status).toBe(
      200,
    )
    // The holder is told, in the account's language.
    await kit.worker.deliverDue()
    await kit.smtp.waitForMail(
      account.email,
      10_000,
      (mail) =>
        mail.subject === 'Cambiaron tus ajustes de inicio de sesión en Puente Digital' &&
        mail.text.includes('nuevos códigos de recuperación'),
    )
  })

  it('25 wrong codes at once on one half-way sign-in: exactly 5 reach the check, the rest are 429, and the right code waits too', async () => {
    const account = await kit.verifiedAccount()
    const { secret } = await enrolTotp(kit, await kit.signedIn(account))
    const half = new ApiClient(kit.api.url)
    await login(half, account.email, account.password)
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        half.post('/api/v1/auth/login/second-factor', { code: String(100000 + i) }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    expect(answers.find((a) => a.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/)
    const right = await half.post('/api/v1/auth/login/second-factor', {
      code: nextCode(kit, secret),
    })
    expect(right.status).toBe(429)
  })

  it('passkeys: registered with the software authenticator, listed, renamed, signed in with (two factors), removed', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const { passkey, id, recoveryCodes } = await addPasskey(browser, 'Laptop')
    expect(recoveryCodes).toHaveLength(10)
    const listed = (await browser.get('/api/v1/me/factors')).body
    expect(listed).toMatchObject({ totp: false, recoveryCodesLeft: 10 })
    expect(listed.passkeys).toEqual([
      { id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ])
    const renamed = await browser.send('PATCH', `/api/v1/me/factors/passkeys/${id}`, {
      name: ' Work laptop ',
    })
    expect(renamed.status).toBe(200)
    expect((renamed.body.passkey as { name: string }).name).toBe('Work laptop')

    // The password now leads to a second step that offers the passkey too.
    const first = await login(new ApiClient(kit.api.url), account.email, account.password)
    expect(first.body.methods).toEqual(['recoveryCode', 'passkey'])

    const viaPasskey = await signedInWithPasskey(kit, passkey)
    const sessions = (await viaPasskey.get('/api/v1/me/sessions')).body.sessions as {
      current: boolean
      signInMethod: string
    }[]
    expect(sessions.find((s) => s.current)?.signInMethod).toBe('passkey')
    // The passkey sign-in is a fresh proof, like any sign-in.
    expect((await viaPasskey.get('/api/v1/me/export')).status).toBe(200)
    const used = (await browser.get('/api/v1/me/factors')).body.passkeys as {
      lastUsedAt: string | null
    }[]
    expect(used[0]?.lastUsedAt).not.toBeNull()

    // A second passkey brings no new codes; removing one, then the other, drops the codes.
    await proveWithPasskey(browser, passkey)
    const second = await addPasskey(browser, 'Phone')
    expect(second.recoveryCodes).toEqual([])
    expect(
      (await browser.send('DELETE', `/api/v1/me/factors/passkeys/${id}`, undefined)).status,
    ).toBe(200)
    expect(
      (await browser.send('DELETE', `/api/v1/me/factors/passkeys/${second.id}`, undefined)).status,
    ).toBe(200)
    expect((await browser.get('/api/v1/me/factors')).body).toMatchObject({
      passkeys: [],
      recoveryCodesLeft: 0,
    })
    await kit.worker.deliverDue()
    await kit.smtp.waitForMail(account.email, 10_000, (mail) =>
      mail.text.includes('A passkey was removed'),
    )
  })

  it('a passkey answer works once, only for its challenge, origin and account; the challenge lives 5 minutes', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const { passkey } = await addPasskey(browser)
    const client = new ApiClient(kit.api.url)
    const options = (await client.post('/api/v1/auth/passkey/options', {})).body.options as never
    const answer = assertPasskey(passkey, options, { origin: testOrigin })
    expect((await client.post('/api/v1/auth/passkey', { response: answer })).status).toBe(200)
    const replay = await new ApiClient(kit.api.url).post('/api/v1/auth/passkey', {
      response: answer,
    })
    expect(replay.status).toBe(400)
    expect(replay.body.code).toBe('passkey_rejected')

    const phishing = new ApiClient(kit.api.url)
    const phishingOptions = (await phishing.post('/api/v1/auth/passkey/options', {})).body
      .options as never
    const elsewhere = await phishing.post('/api/v1/auth/passkey', {
      response: assertPasskey(passkey, phishingOptions, { origin: 'https://evil.example' }),
    })
    expect(elsewhere.body.code).toBe('passkey_rejected')

    const unverified = new ApiClient(kit.api.url)
    const unverifiedOptions = (await unverified.post('/api/v1/auth/passkey/options', {})).body
      .options as never
    const noPin = await unverified.post('/api/v1/auth/passkey', {
      response: assertPasskey(passkey, unverifiedOptions, {
        origin: testOrigin,
        userVerified: false,
      }),
    })
    expect(noPin.body.code).toBe('passkey_rejected')

    const slow = new ApiClient(kit.api.url)
    const slowOptions = (await slow.post('/api/v1/auth/passkey/options', {})).body.options as never
    kit.advance(5 * 60_000 + 1_000)
    const late = await slow.post('/api/v1/auth/passkey', {
      response: assertPasskey(passkey, slowOptions, { origin: testOrigin }),
    })
    expect(late.body.code).toBe('passkey_rejected')

    // A registration answer for another account's challenge does not register.
    const other = await kit.signedIn(await kit.verifiedAccount())
    const theirOptions = (await other.post('/api/v1/me/factors/passkeys/options', {})).body
      .options as never
    const created = createPasskey(theirOptions, { origin: testOrigin })
    await proveWithPasskey(browser, passkey)
    const stolen = await browser.post('/api/v1/me/factors/passkeys', {
      name: 'Not mine',
      response: created.response,
    })
    expect(stolen.status).toBe(400)
    expect(stolen.body.code).toBe('passkey_rejected')
  })

  it('during a half-way sign-in the passkey options name that account, and only its passkey may answer', async () => {
    const account = await kit.verifiedAccount()
    const { passkey } = await addPasskey(await kit.signedIn(account))
    const stranger = await addPasskey(await kit.signedIn(await kit.verifiedAccount()))
    const half = new ApiClient(kit.api.url)
    expect((await login(half, account.email, account.password)).body.code).toBe(
      'second_factor_required',
    )
    const options = (await half.post('/api/v1/auth/passkey/options', {})).body.options as {
      allowCredentials: { id: string }[]
    }
    expect(options.allowCredentials.map((c) => c.id)).toEqual([
      passkey.credentialId.toString('base64url'),
    ])
    const wrong = await half.post('/api/v1/auth/passkey', {
      response: assertPasskey(stranger.passkey, options as never, { origin: testOrigin }),
    })
    expect(wrong.body.code).toBe('passkey_rejected')
    const again = (await half.post('/api/v1/auth/passkey/options', {})).body.options as never
    const right = await half.post('/api/v1/auth/passkey', {
      response: assertPasskey(passkey, again, { origin: testOrigin }),
    })
    expect(right.status).toBe(200)
    expect((right.body.user as { email: string }).email).toBe(account.email)
    // The half-way state is spent with it.
    const after = await half.post('/api/v1/auth/login/second-factor', { code: '123456' })
    expect(after.body.code).toBe('sign_in_expired')
  })

  it("another user's passkey id is a 404 for rename and removal (no IDOR), like a made-up one", async () => {
    const owner = await kit.signedIn(await kit.verifiedAccount())
    const { id } = await addPasskey(owner)
    const intruder = await kit.signedIn(await kit.verifiedAccount())
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const rename = await intruder.send('PATCH', `/api/v1/me/factors/passkeys/${target}`, {
        name: 'Mine now',
      })
      expect(rename.status).toBe(404)
      expect(rename.body.code).toBe('not_found')
      const remove = await intruder.send(
        'DELETE',
        `/api/v1/me/factors/passkeys/${target}`,
        undefined,
      )
      expect(remove.status).toBe(404)
    }
    const still = (await owner.get('/api/v1/me/factors')).body.passkeys as { name: string }[]
    expect(still.map((p) => p.name)).toEqual(['Laptop'])
  })

  it('turning the app off needs a fresh proof by a factor (not the password), mails the holder, and the password alone signs in again', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const { secret } = await enrolTotp(kit, browser)
    kit.advance(11 * 60_000)
    const stale = await browser.send('DELETE', '/api/v1/me/factors/totp', undefined)
    expect(stale.status).toBe(403)
    expect(stale.body.code).toBe('factor_proof_required')
    expect(
      (await browser.post('/api/v1/me/reauthenticate', { password: account.password })).status,
    ).toBe(200)
    const byPassword = await browser.send('DELETE', '/api/v1/me/factors/totp', undefined)
    expect(byPassword.status).toBe(403)
    expect(byPassword.body.code).toBe('factor_proof_required')
    await proveWithCode(kit, browser, secret)
    expect((await browser.send('DELETE', '/api/v1/me/factors/totp', undefined)).status).toBe(200)
    expect((await browser.send('DELETE', '/api/v1/me/factors/totp', undefined)).status).toBe(404)
    expect((await browser.get('/api/v1/me/factors')).body).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    })
    expect((await login(new ApiClient(kit.api.url), account.email, account.password)).status).toBe(
      200,
    )
    await kit.worker.deliverDue()
    await kit.smtp.waitForMail(account.email, 10_000, (mail) =>
      mail.text.includes('authenticator app of your Puente Digital account was turned off'),
    )
  })

  it('an enrolment not confirmed within 10 minutes lapses (enrolment_expired)', async () => {
    const browser = await kit.signedIn(await kit.verifiedAccount())
    const started = await browser.post('/api/v1/me/factors/totp', {})
    const secret = String(started.body.secret)
    kit.advance(10 * 60_000 + 1_000)
    // The sign-in's proof is over too: prove again, then the lapsed enrolment is refused.
    await browser.post('/api/v1/me/reauthenticate', { password: 'granite meadow saxophone' })
    const late = await browser.post('/api/v1/me/factors/totp/confirm', {
      code: nextCode(kit, secret),
    })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('enrolment_expired')
  })

  it('signInWithCode helper and passkey sign-in keep their sessions apart', async () => {
    const account = await kit.verifiedAccount()
    const { secret } = await enrolTotp(kit, await kit.signedIn(account))
    const browser = await signedInWithCode(kit, account, nextCode(kit, secret))
    expect((await browser.get('/api/v1/me')).status).toBe(200)
  })
})
