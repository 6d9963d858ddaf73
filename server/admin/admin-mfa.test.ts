import { describe, expect, it } from 'vitest'
import { apiPrefix, endpoints } from '../../domain/api/api-contract'
import { useAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import {
  addPasskey,
  enrolTotp,
  nextCode,
  proveWithCode,
  proveWithPasskey,
  signedInWithCode,
} from '../test/factor-kit'
import { testBackends } from '../test/test-database'
import { setAccountRole } from './admin-role'

const adminEndpoints = Object.values(endpoints).filter((endpoint) =>
  endpoint.path.startsWith(`${apiPrefix}/admin/`),
)
const someId = '00000000-0000-4000-8000-000000000000'

/** Every admin endpoint called once (changes with an empty body: the gate answers first). */
async function callEvery(
  browser: ApiClient,
): Promise<{ path: string; status: number; code: unknown }[]> {
  const results = []
  for (const endpoint of adminEndpoints) {
    const path = endpoint.path.replace(':id', someId)
    const answer = await browser.send(
      endpoint.method,
      path,
      endpoint.method === 'GET' ? undefined : {},
    )
    results.push({
      path: `${endpoint.method} ${path}`,
      status: answer.status,
      code: answer.body.code,
    })
  }
  return results
}

describe.each(testBackends())('the admin API needs a second factor, on $name', (backend) => {
  const kit = useAccountKit(backend)

  async function newAdmin() {
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    return account
  }

  it('an admin without a passkey or app: 403 mfa_required from every admin endpoint, unknown paths too', async () => {
    const browser = await kit.signedIn(await newAdmin())
    for (const result of await callEvery(browser))
      expect(result, result.path).toMatchObject({ status: 403, code: 'mfa_required' })
    const unknown = await browser.get(`${apiPrefix}/admin/anything`)
    expect(unknown.body.code).toBe('mfa_required')
    // A client is still a client: forbidden, whatever factors it has.
    const client = await kit.signedIn(await kit.verifiedAccount())
    await enrolTotp(kit, client)
    expect((await client.get(endpoints.adminEnquiries.path)).body.code).toBe('forbidden')
  })

  it('setting up an app does not open the inbox to the password-only session that did it; a code step-up does', async () => {
    const account = await newAdmin()
    const browser = await kit.signedIn(account)
    const { secret } = await enrolTotp(kit, browser)
    // Adding a factor is no proof of one: the password alone may add the first.
    const shut = await browser.get(endpoints.adminEnquiries.path)
    expect(shut.status).toBe(403)
    expect(shut.body.code).toBe('mfa_required')
    // A password proof is not a second factor…
    expect(
      (await browser.post('/api/v1/me/reauthenticate', { password: account.password })).status,
    ).toBe(200)
    expect((await browser.get(endpoints.adminEnquiries.path)).body.code).toBe('mfa_required')
    // …a code is.
    expect(
      (await browser.post('/api/v1/me/reauthenticate', { code: nextCode(kit, secret) })).status,
    ).toBe(200)
    expect((await browser.get(endpoints.adminEnquiries.path)).status).toBe(200)

    // Signing in afresh takes both steps and opens the inbox at once.
    const fresh = await signedInWithCode(kit, account, nextCode(kit, secret))
    expect((await fresh.get(endpoints.adminEnquiries.path)).status).toBe(200)
  })

  it('a passkey is enough on its own; removing the last factor shuts the inbox again', async () => {
    const account = await newAdmin()
    const browser = await kit.signedIn(account)
    const { id, passkey } = await addPasskey(browser)
    expect((await browser.get(endpoints.adminServiceRequests.path)).body.code).toBe('mfa_required')
    await proveWithPasskey(browser, passkey)
    expect((await browser.get(endpoints.adminServiceRequests.path)).status).toBe(200)
    expect(
      (await browser.send('DELETE', `/api/v1/me/factors/passkeys/${id}`, undefined)).status,
    ).toBe(200)
    expect((await browser.get(endpoints.adminServiceRequests.path)).body.code).toBe('mfa_required')
  })

  it('the CSV exports need a proof within 10 minutes: 403 reauthentication_required, then a code, then the file', async () => {
    const account = await newAdmin()
    const browser = await kit.signedIn(account)
    const { secret } = await enrolTotp(kit, browser)
    await proveWithCode(kit, browser, secret)
    expect((await browser.get(endpoints.adminEnquiriesCsv.path)).status).toBe(200)
    kit.advance(10 * 60_000 + 1_000)
    for (const path of [endpoints.adminEnquiriesCsv.path, endpoints.adminServiceRequestsCsv.path]) {
      const stale = await browser.get(path)
      expect(stale.status, path).toBe(403)
      expect(stale.body.code).toBe('reauthentication_required')
    }
    // The lists themselves need no fresh proof.
    expect((await browser.get(endpoints.adminEnquiries.path)).status).toBe(200)
    expect(
      (await browser.post('/api/v1/me/reauthenticate', { code: nextCode(kit, secret) })).status,
    ).toBe(200)
    const csv = await browser.get(endpoints.adminServiceRequestsCsv.path)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
  })
})
