import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Pool } from 'pg'
import { agency } from '../../domain/agency'

/**
 * Passkeys (WebAuthn) through SimpleWebAuthn: the options a browser needs, and the checks of its
 * answers. Challenges live in PostgreSQL (`webauthn_challenges`), 5 minutes, single use: an
 * answer is checked against the challenge it carries only after that challenge is deleted, so
 * two instances (or a replayed answer) cannot both use one. User verification is required: a
 * passkey proves something held and the authenticator's own check (PIN, biometrics), which is
 * why a passkey alone signs in (docs/decisions/038-second-factors-and-step-up.md).
 */

export type RelyingParty = {
  /** The host of PUBLIC_URL (no port). */
  readonly id: string
  /** PUBLIC_URL's origin: scheme, host and port. */
  readonly origin: string
  /** The name the browser's dialog shows. */
  readonly name: string
}

export function relyingPartyOf(publicUrl: string, name: string = agency.name): RelyingParty {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin, name }
}

export const challengeSeconds = 5 * 60

export type ChallengePurpose = 'registration' | 'signIn' | 'proof'

/** A stored passkey as the checks need it. */
export type StoredCredential = {
  readonly credentialId: string
  readonly publicKey: string
  readonly counter: number
  readonly transports: readonly string[]
}

async function storeChallenge(
  pool: Pool,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | undefined,
  now: Date,
): Promise<void> {
  await pool.query(
    `INSERT INTO webauthn_challenges (challenge, purpose, user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $4::timestamptz + make_interval(secs => ${challengeSeconds}))`,
    [challenge, purpose, userId ?? null, now],
  )
}

/**
 * Takes the challenge the browser's answer carries, if it was handed out for `purpose` and is
 * still alive: deleted in the same statement, so it answers once. Resolves with the account it
 * was issued for (null: anyone's, a sign-in without an address), or undefined when there is none.
 */
async function takeChallenge(
  pool: Pool,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<{ challenge: string; userId: string | null } | undefined> {
  let challenge: unknown
  try {
    challenge = (
      JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
        challenge?: unknown
      }
    ).challenge
  } catch {
    return undefined
  }
  if (typeof challenge !== 'string' || challenge.length > 200) return undefined
  const { rows } = await pool.query<{ user_id: string | null }>(
    `DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = $2 AND expires_at > $3
     RETURNING user_id`,
    [challenge, purpose, now],
  )
  const row = rows[0]
  return row ? { challenge, userId: row.user_id } : undefined
}

/** Options to create a discoverable passkey for the account (its passkeys excluded). */
export async function registrationOptions(
  pool: Pool,
  rp: RelyingParty,
  user: { readonly id: string; readonly email: string; readonly displayName: string },
  existing: readonly StoredCredential[],
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((credential) => ({
      id: credential.credentialId,
      transports: [...credential.transports],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: challengeSeconds * 1000,
  })
  await storeChallenge(pool, options.challenge, 'registration', user.id, now)
  return options
}

export type NewCredential = StoredCredential

/** The verified new passkey, or undefined when the answer does not hold for this account. */
export async function verifyRegistration(
  pool: Pool,
  rp: RelyingParty,
  userId: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<NewCredential | undefined> {
  const taken = await takeChallenge(pool, response.response.clientDataJSON, 'registration', now)
  if (!taken || taken.userId !== userId) return undefined
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    if (!verified.verified) return undefined
    const { credential } = verified.registrationInfo
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    }
  } catch {
    // A malformed or forged answer: the library says why, the client learns only "rejected".
    return undefined
  }
}

/**
 * Options to sign in or prove with a passkey: `userId` binds the challenge to one account (a
 * proof, or a half-way sign-in) and `allow` names its passkeys; without them any discoverable
 * passkey of this site may answer (the browser's autofill).
 */
export async function authenticationOptions(
  pool: Pool,
  rp: RelyingParty,
  purpose: 'signIn' | 'proof',
  now: Date,
  userId?: string,
  allow: readonly StoredCredential[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: challengeSeconds * 1000,
    allowCredentials: allow.map((credential) => ({
      id: credential.credentialId,
      transports: [...credential.transports],
    })),
  })
  await storeChallenge(pool, options.challenge, purpose, userId, now)
  return options
}

/**
 * Checks an assertion: its challenge (taken, so single use, for `purpose`), then the signature
 * against the stored passkey `find` returns for the credential id. Resolves with the passkey's
 * new counter, or undefined when anything does not hold.
 */
export async function verifyAssertion<Credential extends StoredCredential & { userId: string }>(
  pool: Pool,
  rp: RelyingParty,
  purpose: 'signIn' | 'proof',
  response: AuthenticationResponseJSON,
  find: (credentialId: string) => Promise<Credential | undefined>,
  now: Date,
): Promise<{ credential: Credential; newCounter: number } | undefined> {
  const taken = await takeChallenge(pool, response.response.clientDataJSON, purpose, now)
  if (!taken) return undefined
  const credential = await find(response.id)
  if (!credential) return undefined
  // A challenge issued for one account is answered by that account's passkey only.
  if (taken.userId !== null && taken.userId !== credential.userId) return undefined
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: [...credential.transports],
      },
    })
    if (!verified.verified) return undefined
    return { credential, newCounter: verified.authenticationInfo.newCounter }
  } catch {
    return undefined
  }
}
