import { expect } from 'vitest'
import type { AccountKit, TestAccount } from './account-kit'
import { ApiClient } from './api-harness'
import { assertPasskey, createPasskey, type SoftwarePasskey } from './software-authenticator'
import { totpCode } from './totp-code'

/**
 * Second factors for server tests, through the API as a browser would: an authenticator app
 * whose codes the test computes (server/test/totp-code.ts), and passkeys of the software
 * authenticator (server/test/software-authenticator.ts).
 */

/**
 * A code of the app for a new time step: the clock moves 30 seconds first, so a code is never
 * one the server has already accepted (each works once).
 */
export function nextCode(kit: AccountKit, secret: string): string {
  kit.advance(30_000)
  return totpCode(secret, kit.now())
}

/** Turns the authenticator app on for the signed-in `client`; its secret and recovery codes. */
export async function enrolTotp(
  kit: AccountKit,
  client: ApiClient,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post('/api/v1/me/factors/totp', {})
  expect(started.status).toBe(200)
  const secret = String(started.body.secret)
  const confirmed = await client.post('/api/v1/me/factors/totp/confirm', {
    code: nextCode(kit, secret),
  })
  expect(confirmed.status).toBe(200)
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] }
}

/** The origin the test "browser" runs on: the harness's relying party. */
export const testOrigin = 'http://localhost'

/** Adds a passkey named `name` for the signed-in `client` (its software authenticator). */
export async function addPasskey(
  client: ApiClient,
  name = 'Laptop',
): Promise<{ passkey: SoftwarePasskey; id: string; recoveryCodes: string[] }> {
  const options = await client.post('/api/v1/me/factors/passkeys/options', {})
  expect(options.status).toBe(200)
  const created = createPasskey(options.body.options as never, { origin: testOrigin })
  const added = await client.post('/api/v1/me/factors/passkeys', {
    name,
    response: created.response,
  })
  expect(added.status).toBe(201)
  return {
    passkey: created.passkey,
    id: (added.body.passkey as { id: string }).id,
    recoveryCodes: added.body.recoveryCodes as string[],
  }
}

/**
 * A step-up of the signed-in `client` with the app's next code: a proof by a factor, which
 * managing factors needs once the account has one (adding one proves nothing of the session).
 */
export async function proveWithCode(
  kit: AccountKit,
  client: ApiClient,
  secret: string,
): Promise<void> {
  const proven = await client.post('/api/v1/me/reauthenticate', { code: nextCode(kit, secret) })
  expect(proven.status).toBe(200)
}

/** A step-up of the signed-in `client` with `passkey`: a proof by a factor. */
export async function proveWithPasskey(client: ApiClient, passkey: SoftwarePasskey): Promise<void> {
  const options = await client.post('/api/v1/me/reauthenticate/passkey/options', {})
  expect(options.status).toBe(200)
  const proven = await client.post('/api/v1/me/reauthenticate/passkey', {
    response: assertPasskey(passkey, options.body.options as never, { origin: testOrigin }),
  })
  expect(proven.status).toBe(200)
}

/** A new browser signed in with the password and then a code (the two-step sign-in). */
export async function signedInWithCode(
  kit: AccountKit,
  account: TestAccount,
  code: string,
): Promise<ApiClient> {
  const client = new ApiClient(kit.api.url)
  const first = await client.post('/api/v1/auth/login', {
    email: account.email,
    password: account.password,
  })
  expect(first.status).toBe(401)
  expect(first.body.code).toBe('second_factor_required')
  const second = await client.post('/api/v1/auth/login/second-factor', { code })
  expect(second.status).toBe(200)
  return client
}

/** A new browser signed in with `passkey` (no address, no password). */
export async function signedInWithPasskey(
  kit: AccountKit,
  passkey: SoftwarePasskey,
): Promise<ApiClient> {
  const client = new ApiClient(kit.api.url)
  const options = await client.post('/api/v1/auth/passkey/options', {})
  expect(options.status).toBe(200)
  const signedIn = await client.post('/api/v1/auth/passkey', {
    response: assertPasskey(passkey, options.body.options as never, { origin: testOrigin }),
  })
  expect(signedIn.status).toBe(200)
  return client
}

/**
 * The agency's way in: the account (already an admin) sets up an authenticator app, then signs
 * in with its password and a code — the admin API refuses a password-only session.
 */
export async function signedInAdmin(kit: AccountKit, account: TestAccount): Promise<ApiClient> {
  const { secret } = await enrolTotp(kit, await kit.signedIn(account))
  return signedInWithCode(kit, account, nextCode(kit, secret))
}
