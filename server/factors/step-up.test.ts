import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { addPasskey, enrolTotp, nextCode, proveWithCode, testOrigin } from '../test/factor-kit'
import { assertPasskey } from '../test/software-authenticator'
import { testBackends } from '../test/test-database'

const tenMinutes = 10 * 60_000

describe.each(testBackends())('fresh proof before sensitive actions, on $name', (backend) => {
  const kit = useAccountKit(backend)

  const sensitive = (browser: ApiClient) => ({
    exportAccount: () => browser.get('/api/v1/me/export'),
    changePassword: () =>
      browser.post('/api/v1/me/password', {
        currentPassword: 'granite meadow saxophone',
        newPassword: 'granite meadow saxophone',
      }),
    deleteAccount: () => browser.send('DELETE', '/api/v1/me', { password: 'wrong' }),
    enrolTotp: () => browser.post('/api/v1/me/factors/totp', {}),
    passkeyOptions: () => browser.post('/api/v1/me/factors/passkeys/options', {}),
    regenerate: () => browser.post('/api/v1/me/factors/recovery-codes', {}),
    disableTotp: () => browser.send('DELETE', '/api/v1/me/factors/totp', undefined),
    removePasskey: () =>
      browser.send(
        'DELETE',
        '/api/v1/me/factors/passkeys/00000000-0000-4000-8000-000000000000',
        undefined,
      ),
  })

  it('a sign-in is a proof for 10 minutes; after that every sensitive action is 403 until a new proof', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    kit.advance(tenMinutes - 1_000)
    expect((await browser.get('/api/v1/me/export')).status).toBe(200)
    kit.advance(2_000)
    for (const [name, call] of Object.entries(sensitive(browser))) {
      const answer = await call()
      expect(answer.status, name).toBe(403)
      expect(answer.body.code, name).toBe('reauthentication_required')
    }
    // What is not sensitive still works.
    expect((await browser.get('/api/v1/me/sessions')).status).toBe(200)
    expect((await browser.get('/api/v1/me/factors')).status).toBe(200)

    const wrong = await browser.post('/api/v1/me/reauthenticate', { password: 'not it at all' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('wrong_password')
    expect((await browser.get('/api/v1/me/export')).status).toBe(403)
    const proven = await browser.post('/api/v1/me/reauthenticate', { password: account.password })
    expect(proven.status).toBe(200)
    expect((await browser.get('/api/v1/me/export')).status).toBe(200)
    kit.advance(tenMinutes - 1_000)
    expect((await browser.get('/api/v1/me/export')).status).toBe(200)
    kit.advance(2_000)
    expect((await browser.get('/api/v1/me/export')).status).toBe(403)
  })

  it('a proof holds for its session only', async () => {
    const account = await kit.verifiedAccount()
    const one = await kit.signedIn(account)
    const two = await kit.signedIn(account)
    kit.advance(tenMinutes + 1_000)
    await one.post('/api/v1/me/reauthenticate', { password: account.password })
    expect((await one.get('/api/v1/me/export')).status).toBe(200)
    expect((await two.get('/api/v1/me/export')).status).toBe(403)
  })

  it('proof by an authenticator code, a recovery code (used up) and a passkey; bad ones refused', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const { secret, recoveryCodes } = await enrolTotp(kit, browser)
    await proveWithCode(kit, browser, secret)
    const { passkey } = await addPasskey(browser)
    const stale = () => kit.advance(tenMinutes + 1_000)

    stale()
    const badCode = await browser.post('/api/v1/me/reauthenticate', { code: '000000' })
    expect(badCode.status).toBe(400)
    expect(badCode.body.code).toBe('invalid_code')
    expect(
      (await browser.post('/api/v1/me/reauthenticate', { code: nextCode(kit, secret) })).status,
    ).toBe(200)
    expect((await browser.get('/api/v1/me/export')).status).toBe(200)

    stale()
    const recovery = recoveryCodes[0]
    expect((await browser.post('/api/v1/me/reauthenticate', { code: recovery })).status).toBe(200)
    expect((await browser.get('/api/v1/me/factors')).body.recoveryCodesLeft).toBe(9)
    stale()
    expect((await browser.post('/api/v1/me/reauthenticate', { code: recovery })).body.code).toBe(
      'invalid_code',
    )

    const options = await browser.post('/api/v1/me/reauthenticate/passkey/options', {})
    expect(options.status).toBe(200)
    const proof = await browser.post('/api/v1/me/reauthenticate/passkey', {
      response: assertPasskey(passkey, options.body.options as never, { origin: testOrigin }),
    })
    expect(proof.status).toBe(200)
    expect((await browser.get('/api/v1/me/export')).status).toBe(200)

    // Someone else's passkey proves nothing about this session.
    const stranger = await kit.signedIn(await kit.verifiedAccount())
    const theirs = await addPasskey(stranger)
    stale()
    const mine = await browser.post('/api/v1/me/reauthenticate/passkey/options', {})
    const borrowed = await browser.post('/api/v1/me/reauthenticate/passkey', {
      response: assertPasskey(theirs.passkey, mine.body.options as never, { origin: testOrigin }),
    })
    expect(borrowed.status).toBe(400)
    expect(borrowed.body.code).toBe('passkey_rejected')
    expect((await browser.get('/api/v1/me/export')).status).toBe(403)

    // Without a passkey there is nothing to prove with.
    const plain = await kit.signedIn(await kit.verifiedAccount())
    const none = await plain.post('/api/v1/me/reauthenticate/passkey/options', {})
    expect(none.status).toBe(409)
    expect(none.body.code).toBe('no_second_factor')
  })

  it('wrong codes on step-up count against the account: 10 at once, then 429', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    await enrolTotp(kit, browser)
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        browser.post('/api/v1/me/reauthenticate', { code: String(200000 + i) }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
  })
})
