import { inject } from 'vitest'
import {
  assertPasskey,
  createPasskey,
  type SoftwarePasskey,
} from '../../server/test/software-authenticator'
import type { ApiSession } from './api-session'

/**
 * Passkeys of a software authenticator (server/test/software-authenticator.ts), driven through
 * the API as a browser on the site would: what the journeys' admins sign in with, so that the
 * admin API (which needs a second factor) opens for them. The browser's own passkey dialogs are
 * proven with Chromium's virtual authenticator elsewhere.
 */

/** The origin the authenticator reports: the site's. */
const origin = () => new URL(inject('baseURL')).origin

/**
 * Registers a passkey for the session's signed-in account, then proves it on the session (a
 * step-up with it): adding a factor proves nothing of the session, and the admin API and
 * managing factors need a session that proved one.
 */
export async function addPasskey(
  api: ApiSession,
  name = 'Test authenticator',
): Promise<SoftwarePasskey> {
  const options = await api.call('POST', '/api/v1/me/factors/passkeys/options', {})
  if (options.status !== 200) throw new Error(`passkey options: ${options.status} ${options.text}`)
  const created = createPasskey((options.body as { options: never }).options, { origin: origin() })
  const added = await api.call('POST', '/api/v1/me/factors/passkeys', {
    name,
    response: created.response,
  })
  if (added.status !== 201) throw new Error(`passkey registration: ${added.status} ${added.text}`)
  await provePasskey(api, created.passkey)
  return created.passkey
}

/** A step-up of the session with `passkey`: a proof by a second factor. */
export async function provePasskey(api: ApiSession, passkey: SoftwarePasskey): Promise<void> {
  const options = await api.call('POST', '/api/v1/me/reauthenticate/passkey/options', {})
  if (options.status !== 200) throw new Error(`proof options: ${options.status} ${options.text}`)
  const response = assertPasskey(passkey, (options.body as { options: never }).options, {
    origin: origin(),
  })
  const proven = await api.call('POST', '/api/v1/me/reauthenticate/passkey', { response })
  if (proven.status !== 200) throw new Error(`passkey proof: ${proven.status} ${proven.text}`)
}

/** Signs the session in with `passkey` (no address, no password). */
export async function signInWithPasskey(api: ApiSession, passkey: SoftwarePasskey): Promise<void> {
  const options = await api.call('POST', '/api/v1/auth/passkey/options', {})
  if (options.status !== 200) throw new Error(`passkey options: ${options.status} ${options.text}`)
  const response = assertPasskey(passkey, (options.body as { options: never }).options, {
    origin: origin(),
  })
  const signedIn = await api.call('POST', '/api/v1/auth/passkey', { response })
  if (signedIn.status !== 200)
    throw new Error(`passkey sign-in: ${signedIn.status} ${signedIn.text}`)
}
