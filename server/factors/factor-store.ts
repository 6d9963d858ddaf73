import type { Pool, PoolClient } from 'pg'
import type { PasskeySummary, SecondFactorMethod } from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import {
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from '../security/recovery-codes'
import { openSecret, sealSecret } from '../security/secret-box'
import { matchingTotpStep } from '../security/totp'
import type { StoredCredential } from '../security/webauthn'

/**
 * An account's second factors in PostgreSQL: passkeys, the authenticator app (its secret sealed
 * under the server's key, bound to the account), recovery codes (hashed). Every check that can
 * be raced is one statement: a TOTP step or a recovery code is taken by an UPDATE that only one
 * of two concurrent requests can win.
 */

export { hasSecondFactor } from '../security/second-factor-presence'

type Queryable = Pool | PoolClient

/** A pending enrolment lapses after this long. */
export const totpEnrolmentSeconds = 10 * 60

/** Whether the account has a passkey or a confirmed authenticator app. */
export type FactorState = {
  readonly passkeys: readonly PasskeySummary[]
  readonly totp: boolean
  readonly recoveryCodesLeft: number
}

type PasskeyRow = {
  id: string
  name: string
  created_at: Date
  last_used_at: Date | null
}

function toPasskeySummary(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  }
}

export async function factorState(db: Queryable, userId: string): Promise<FactorState> {
  const [passkeys, totp, codes] = await Promise.all([
    db.query<PasskeyRow>(
      'SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at, id',
      [userId],
    ),
    db.query('SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL', [
      userId,
    ]),
    db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    ),
  ])
  return {
    passkeys: passkeys.rows.map(toPasskeySummary),
    totp: (totp.rowCount ?? 0) > 0,
    recoveryCodesLeft: codes.rows[0]?.n ?? 0,
  }
}

/** What a second step (or a step-up) may use on this account. */
export async function secondFactorMethods(
  db: Queryable,
  userId: string,
): Promise<SecondFactorMethod[]> {
  const state = await factorState(db, userId)
  return [
    ...(state.totp ? (['totp'] as const) : []),
    ...(state.recoveryCodesLeft > 0 ? (['recoveryCode'] as const) : []),
    ...(state.passkeys.length > 0 ? (['passkey'] as const) : []),
  ]
}

// --- Passkeys ---------------------------------------------------------------------------------

type CredentialRow = {
  id: string
  user_id: string
  credential_id: string
  public_key: string
  counter: string | number
  transports: string[]
}

export type PasskeyCredential = StoredCredential & { readonly id: string; readonly userId: string }

function toCredential(row: CredentialRow): PasskeyCredential {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports,
  }
}

const credentialColumns = 'id, user_id, credential_id, public_key, counter, transports'

export async function passkeyCredentials(
  db: Queryable,
  userId: string,
): Promise<PasskeyCredential[]> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${credentialColumns} FROM passkeys WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  )
  return rows.map(toCredential)
}

export async function passkeyByCredentialId(
  db: Queryable,
  credentialId: string,
): Promise<PasskeyCredential | undefined> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${credentialColumns} FROM passkeys WHERE credential_id = $1`,
    [credentialId],
  )
  return rows[0] ? toCredential(rows[0]) : undefined
}

/** The new passkey, or undefined when its credential id is already registered (to anyone). */
export async function insertPasskey(
  db: Queryable,
  userId: string,
  credential: StoredCredential,
  name: string,
  now: Date,
): Promise<PasskeySummary | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING id, name, created_at, last_used_at`,
    [
      userId,
      credential.credentialId,
      credential.publicKey,
      credential.counter,
      [...credential.transports],
      name,
      now,
    ],
  )
  return rows[0] ? toPasskeySummary(rows[0]) : undefined
}

/** Renames one of `userId`'s passkeys; undefined when the user has no such passkey. */
export async function renamePasskey(
  db: Queryable,
  userId: string,
  id: Uuid,
  name: string,
): Promise<PasskeySummary | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2
     RETURNING id, name, created_at, last_used_at`,
    [id, userId, name],
  )
  return rows[0] ? toPasskeySummary(rows[0]) : undefined
}

/** Removes one of `userId`'s passkeys; false when the user has no such passkey. */
export async function removePasskey(db: Queryable, userId: string, id: Uuid): Promise<boolean> {
  const result = await db.query('DELETE FROM passkeys WHERE id = $1 AND user_id = $2', [id, userId])
  return (result.rowCount ?? 0) > 0
}

/** A verified assertion: the authenticator's counter and the passkey's last use. */
export async function markPasskeyUsed(
  db: Queryable,
  id: string,
  counter: number,
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE passkeys SET counter = greatest(counter, $2), last_used_at = $3 WHERE id = $1',
    [id, counter, now],
  )
}

// --- Authenticator app (TOTP) -----------------------------------------------------------------

/**
 * Starts (or restarts) an enrolment with `secret`, sealed for the account: false when an
 * authenticator app is already confirmed (it is turned off first).
 */
export async function startTotpEnrolment(
  db: Queryable,
  key: Buffer,
  userId: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO totp_factors (user_id, secret_ciphertext, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = excluded.secret_ciphertext,
       created_at = excluded.created_at, last_used_step = NULL
     WHERE totp_factors.confirmed_at IS NULL`,
    [userId, sealSecret(key, secret, userId), now],
  )
  return (result.rowCount ?? 0) > 0
}

type TotpRow = { secret_ciphertext: string; last_used_step: string | number | null }

/**
 * Takes the step of `code` for the account's authenticator app (`confirmed`), or for its
 * pending enrolment (a live one only): true when the code is right and its step is later than
 * the last accepted one, which it becomes in the same statement — a code works once, even when
 * two requests carry it at the same moment. Confirming sets `confirmed_at` in that statement.
 */
export async function takeTotpCode(
  db: Queryable,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
  which: 'confirmed' | 'pending',
): Promise<boolean> {
  const state =
    which === 'confirmed'
      ? 'confirmed_at IS NOT NULL'
      : `confirmed_at IS NULL AND created_at > $2::timestamptz - make_interval(secs => ${totpEnrolmentSeconds})`
  const { rows } = await db.query<TotpRow>(
    `SELECT secret_ciphertext, last_used_step FROM totp_factors WHERE user_id = $1 AND ${state}`,
    which === 'confirmed' ? [userId] : [userId, now],
  )
  const row = rows[0]
  if (!row) return false
  const secret = openSecret(key, row.secret_ciphertext, userId)
  if (!secret) return false
  const step = matchingTotpStep(secret, code.replace(/\s/g, ''), now)
  if (step === undefined) return false
  const confirm = which === 'pending' ? ', confirmed_at = $3' : ''
  const taken = await db.query(
    `UPDATE totp_factors SET last_used_step = $2${confirm}
     WHERE user_id = $1 AND ${which === 'pending' ? 'confirmed_at IS NULL' : 'confirmed_at IS NOT NULL'}
       AND (last_used_step IS NULL OR last_used_step < $2)`,
    which === 'pending' ? [userId, step, now] : [userId, step],
  )
  return (taken.rowCount ?? 0) > 0
}

/** Whether a pending enrolment is alive (started within the last 10 minutes, not confirmed). */
export async function hasPendingTotp(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NULL
       AND created_at > $2::timestamptz - make_interval(secs => ${totpEnrolmentSeconds})`,
    [userId, now],
  )
  return (rowCount ?? 0) > 0
}

/** Turns the authenticator app off; false when it was not on. */
export async function deleteTotp(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query(
    'DELETE FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL',
    [userId],
  )
  return (result.rowCount ?? 0) > 0
}

// --- Recovery codes ---------------------------------------------------------------------------

/** Takes an unused recovery code of the account (one statement: it works once). */
export async function takeRecoveryCode(
  db: Queryable,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code)
  if (!normalized) return false
  const result = await db.query(
    `UPDATE recovery_codes SET used_at = $3
     WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [userId, hashRecoveryCode(normalized), now],
  )
  return (result.rowCount ?? 0) > 0
}

/** A new set of codes for the account, the old set gone; resolves with the codes (shown once). */
export async function replaceRecoveryCodes(client: PoolClient, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes()
  await client.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
  await client.query(
    `INSERT INTO recovery_codes (user_id, code_hash)
     SELECT $1, unnest($2::text[])`,
    [userId, codes.map((code) => hashRecoveryCode(normalizeRecoveryCode(code) ?? code))],
  )
  return codes
}

/** Whether the account holds a set of recovery codes (used or not). */
export async function hasRecoveryCodes(db: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM recovery_codes WHERE user_id = $1 LIMIT 1', [
    userId,
  ])
  return (rowCount ?? 0) > 0
}

/** The account has no second factor left: its recovery codes go too (they recover nothing). */
export async function dropOrphanRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `DELETE FROM recovery_codes WHERE user_id = $1
       AND NOT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)
       AND NOT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL)`,
    [userId],
  )
}

// --- Codes as typed -----------------------------------------------------------------------------

export type CodeKind = 'totp' | 'recoveryCode'

/**
 * A code as the user typed it: six digits are an authenticator code, anything else is tried as
 * a recovery code. Resolves with which one it was, or undefined when it is neither.
 */
export async function takeCode(
  db: Queryable,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<CodeKind | undefined> {
  const compact = code.replace(/[\s-]/g, '')
  if (/^\d{6}$/.test(compact))
    return (await takeTotpCode(db, key, userId, compact, now, 'confirmed')) ? 'totp' : undefined
  return (await takeRecoveryCode(db, userId, code, now)) ? 'recoveryCode' : undefined
}
