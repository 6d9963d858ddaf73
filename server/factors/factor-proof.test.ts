import { describe, expect, it } from 'vitest'
import { useAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import {
  addPasskey,
  enrolTotp,
  proveWithCode,
  proveWithPasskey,
  signedInWithPasskey,
  testOrigin,
} from '../test/factor-kit'
import { createPasskey } from '../test/software-authenticator'
import { testBackends } from '../test/test-database'

const tenMinutes = 10 * 60_000
const someId = '00000000-0000-4000-8000-000000000000'

describe.each(testBackends())('managing second factors needs a factor, on $name', (backend) => {
  const kit = useAccountKit(backend)

  /** Every way to manage the factors, called once (the gate answers before the body is read). */
  const managing = (browser: ApiClient, passkeyId: string) => ({
    passkeyOptions: () => browser.post('/api/v1/me/factors/passkeys/options', {}),
    registerPasskey: () => browser.post('/api/v1/me/factors/passkeys', { name: 'Phone' }),
    enrolTotp: () => browser.post('/api/v1/me/factors/totp', {}),
    confirmTotp: () => browser.post('/api/v1/me/factors/totp/confirm', { code: '123456' }),
    disableTotp: () => browser.send('DELETE', '/api/v1/me/factors/totp', undefined),
    regenerate: () => browser.post('/api/v1/me/factors/recovery-codes', {}),
    removePasskey: () =>
      browser.send('DELETE', `/api/v1/me/factors/passkeys/${passkeyId}`, undefined),
  })

  async function expectFactorProofRequired(browser: ApiClient, passkeyId: string) {
    for (const [name, call] of Object.entries(managing(browser, passkeyId))) {
      const answer = await call()
      expect(answer.status, name).toBe(403)
      expect(answer.body.code, name).toBe('factor_proof_required')
      expect(String(answer.body.message), name).toMatch(/your password alone is not enough/)
    }
  }

  it('the password adds the first factor; then the password alone, however fresh, manages none until a passkey or code proves one', async () => {
    const account = await kit.verifiedAccount()
    const browser = await kit.signedIn(account)
    const { passkey, id } = await addPasskey(browser)
    // The sign-in's password is fresh, and not enough.
    await expectFactorProofRequired(browser, id)
    kit.advance(tenMinutes + 1_000)
    expect(
      (await browser.post('/api/v1/me/reauthenticate', { password: account.password })).status,
    ).toBe(200)
    await expectFactorProofRequired(browser, someId)
    // Nothing was added meanwhile.
    expect((await browser.get('/api/v1/me/factors')).body).toMatchObject({
      passkeys: [{ id }],
      totp: false,
    })

    await proveWithPasskey(browser, passkey)
    const { secret } = await enrolTotp(kit, browser)
    expect((await browser.post('/api/v1/me/factors/recovery-codes', {})).status).toBe(200)
    kit.advance(tenMinutes + 1_000)
    await expectFactorProofRequired(browser, id)
    // A code proves a factor too (an authenticator or a recovery code).
    await proveWithCode(kit, browser, secret)
    expect((await browser.post('/api/v1/me/factors/recovery-codes', {})).status).toBe(200)

    // A session signed in with a factor manages them straight away.
    const viaPasskey = await signedInWithPasskey(kit, passkey)
    expect((await viaPasskey.post('/api/v1/me/factors/passkeys/options', {})).status).toBe(200)
  })

  it('the first factor ends the account’s other password-only sessions; this one and those a factor proved stay', async () => {
    const account = await kit.verifiedAccount()
    // A passkey, a session it signed in, then no factor again: the password signs in alone.
    const owner = await kit.signedIn(account)
    const { passkey, id } = await addPasskey(owner)
    const viaPasskey = await signedInWithPasskey(kit, passkey)
    await proveWithPasskey(owner, passkey)
    expect(
      (await owner.send('DELETE', `/api/v1/me/factors/passkeys/${id}`, undefined)).status,
    ).toBe(200)
    const elsewhere = await kit.signedIn(account)
    const remembered = await kit.signedIn(account, { remember: true })
    const browser = await kit.signedIn(account)

    await enrolTotp(kit, browser)
    expect((await elsewhere.get('/api/v1/me')).status).toBe(401)
    expect((await remembered.get('/api/v1/me')).status).toBe(401)
    expect((await browser.get('/api/v1/me')).status).toBe(200)
    expect((await viaPasskey.get('/api/v1/me')).status).toBe(200)
    // `owner` signed in with the password, then proved the passkey: it counts as a factor's.
    expect((await owner.get('/api/v1/me')).status).toBe(200)
    // A factor added to an account that has one ends nobody.
    await addPasskey(viaPasskey, 'Phone')
    expect((await browser.get('/api/v1/me')).status).toBe(200)
  })

  it('a factor added by another session after this one was let through still needs a factor proof of this one', async () => {
    const account = await kit.verifiedAccount()
    // `slow` signed in with a passkey long ago; the account has no factor any more.
    const first = await kit.signedIn(account)
    const { passkey, id } = await addPasskey(first)
    const slow = await signedInWithPasskey(kit, passkey)
    expect((await slow.send('DELETE', `/api/v1/me/factors/passkeys/${id}`, undefined)).status).toBe(
      200,
    )
    kit.advance(tenMinutes + 1_000)
    expect(
      (await slow.post('/api/v1/me/reauthenticate', { password: account.password })).status,
    ).toBe(200)
    // No factor: the password proof lets `slow` start a registration…
    const options = await slow.post('/api/v1/me/factors/passkeys/options', {})
    expect(options.status).toBe(200)
    const created = createPasskey(options.body.options as never, { origin: testOrigin })
    // …then another session adds the account's first factor…
    await enrolTotp(kit, await kit.signedIn(account))
    // …and the registration is decided against it.
    const late = await slow.post('/api/v1/me/factors/passkeys', {
      name: 'Late',
      response: created.response,
    })
    expect(late.status).toBe(403)
    expect(late.body.code).toBe('factor_proof_required')
    expect((await slow.get('/api/v1/me/factors')).body.passkeys).toEqual([])
  })

  it('passkey names follow the text rules of every name: a NUL or a bidi override is a 400 on the name, at registration and rename', async () => {
    const browser = await kit.signedIn(await kit.verifiedAccount())
    const options = await browser.post('/api/v1/me/factors/passkeys/options', {})
    const created = createPasskey(options.body.options as never, { origin: testOrigin })
    for (const name of ['Lap\u0000top', '\u202eLaptop', 'Lap\u0007top']) {
      const refused = await browser.post('/api/v1/me/factors/passkeys', {
        name,
        response: created.response,
      })
      expect(refused.status, JSON.stringify(name)).toBe(400)
      expect(refused.body.code).toBe('invalid_fields')
      expect((refused.body.fields as Record<string, string>).name).toBe(
        'Remove the invisible or control characters from this field.',
      )
    }
    const added = await browser.post('/api/v1/me/factors/passkeys', {
      name: ' Laptop ',
      response: created.response,
    })
    expect(added.status).toBe(201)
    const id = (added.body.passkey as { id: string }).id
    const renamed = await browser.send('PATCH', `/api/v1/me/factors/passkeys/${id}`, {
      name: 'Work\u0000laptop',
    })
    expect(renamed.status).toBe(400)
    expect(renamed.body.code).toBe('invalid_fields')
    expect(Object.keys(renamed.body.fields as object)).toEqual(['name'])
    const spanish = await browser.send(
      'PATCH',
      `/api/v1/me/factors/passkeys/${id}`,
      { name: '\u2066Laptop' },
      { headers: { 'Accept-Language': 'es-MX' } },
    )
    expect(spanish.status).toBe(400)
    expect((spanish.body.fields as Record<string, string>).name).not.toBe(
      'Remove the invisible or control characters from this field.',
    )
    expect((await browser.get('/api/v1/me/factors')).body.passkeys).toMatchObject([
      { name: 'Laptop' },
    ])
  })
})
