import { createHash } from 'node:crypto'
import type { Pool, PoolClient } from 'pg'
import type { SignInMethod } from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import type { sessions } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'

/**
 * Signed-in sessions in PostgreSQL (table `sessions`). The browser holds the 256-bit id; the
 * table holds only its SHA-256. Every time is passed in from the caller's clock, so tests can
 * move it: a session ends 2 hours after it was last used (30 days with "remember me") and 30
 * days after the sign-in whatever the activity.
 */
export const idleSeconds = { short: 2 * 60 * 60, remembered: 30 * 24 * 60 * 60 } as const
export const absoluteSeconds = 30 * 24 * 60 * 60

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex')
}

export type StoredSession = {
  readonly id: string
  readonly userId: string
  readonly remember: boolean
  readonly userAgent: string
  readonly createdAt: Date
  readonly lastSeenAt: Date
  readonly expiresAt: Date
  readonly signInMethod: SignInMethod
  /** The sign-in or the latest step-up (server/sessions/step-up.ts); null on older sessions. */
  readonly lastProofAt: Date | null
  /**
   * The sign-in or the latest step-up that proved a second factor (a code or passkey); null when
   * the session has only ever proved the password.
   */
  readonly lastFactorProofAt: Date | null
}

type SessionRow = SqlColumns<
  typeof sessions,
  | 'id'
  | 'user_id'
  | 'remember'
  | 'user_agent'
  | 'created_at'
  | 'last_seen_at'
  | 'expires_at'
  | 'sign_in_method'
  | 'last_proof_at'
  | 'last_factor_proof_at'
>

const columns =
  'id, user_id, remember, user_agent, created_at, last_seen_at, expires_at, sign_in_method, last_proof_at, last_factor_proof_at'

/** Alive at `now` (a parameter): before the absolute expiry and within the idle time since last used. */
function aliveAt(now: string): string {
  return `expires_at > ${now} AND last_seen_at + make_interval(secs =>
  CASE WHEN remember THEN ${idleSeconds.remembered} ELSE ${idleSeconds.short} END) > ${now}`
}
const alive = aliveAt('$2')

function toSession(row: SessionRow): StoredSession {
  return {
    id: row.id,
    userId: row.user_id,
    remember: row.remember,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    // The column's CHECK holds the contract's methods.
    signInMethod: row.sign_in_method as SignInMethod,
    lastProofAt: row.last_proof_at,
    lastFactorProofAt: row.last_factor_proof_at,
  }
}

/**
 * A session for `userId` under the browser's new `sessionId`, signed in by `signInMethod`: the
 * sign-in is its first proof, and its first proof of a second factor unless it was the password
 * alone.
 */
export async function createSession(
  pool: Pool,
  {
    userId,
    sessionId,
    remember,
    userAgent,
    now,
    signInMethod,
  }: {
    userId: string
    sessionId: string
    remember: boolean
    userAgent: string
    now: Date
    signInMethod: SignInMethod
  },
): Promise<StoredSession> {
  const { rows } = await pool.query<SessionRow>(
    `INSERT INTO sessions (user_id, token_hash, remember, user_agent, created_at, last_seen_at,
       expires_at, sign_in_method, last_proof_at, last_factor_proof_at)
     VALUES ($1, $2, $3, $4, $5, $5, $5::timestamptz + make_interval(secs => ${absoluteSeconds}),
       $6, $5, CASE WHEN $6 = 'password' THEN NULL ELSE $5::timestamptz END)
     RETURNING ${columns}`,
    [userId, hashSessionId(sessionId), remember, userAgent.slice(0, 512), now, signInMethod],
  )
  const row = rows[0]
  if (!row) throw new Error('The session insert returned no row')
  return toSession(row)
}

/**
 * The live session the browser's id names, marked as used now; undefined when there is none
 * (never signed in, signed out, ended elsewhere or expired).
 */
export async function touchSession(
  pool: Pool,
  sessionId: string,
  now: Date,
): Promise<StoredSession | undefined> {
  const { rows } = await pool.query<SessionRow>(
    `UPDATE sessions SET last_seen_at = greatest(last_seen_at, $2)
     WHERE token_hash = $1 AND ${alive}
     RETURNING ${columns}`,
    [hashSessionId(sessionId), now],
  )
  return rows[0] ? toSession(rows[0]) : undefined
}

/**
 * Records a proof (a step-up) on the session with public id `id`, at `now`; `factor`: it proved
 * a second factor (a code or passkey), not the password.
 */
export async function recordProof(
  pool: Pool,
  id: string,
  now: Date,
  { factor }: { readonly factor: boolean },
): Promise<void> {
  await pool.query(
    `UPDATE sessions SET last_proof_at = greatest(coalesce(last_proof_at, $2), $2),
       last_factor_proof_at = CASE WHEN $3 THEN greatest(coalesce(last_factor_proof_at, $2), $2)
         ELSE last_factor_proof_at END
     WHERE id = $1`,
    [id, now, factor],
  )
}

/** The user's live sessions, most recently used first. */
export async function listSessions(
  pool: Pool,
  userId: string,
  now: Date,
): Promise<StoredSession[]> {
  const { rows } = await pool.query<SessionRow>(
    `SELECT ${columns} FROM sessions WHERE user_id = $1 AND ${alive}
     ORDER BY last_seen_at DESC, created_at DESC`,
    [userId, now],
  )
  return rows.map(toSession)
}

/** Ends the session the browser's id names, if any; resolves with its user's id. */
export async function endSessionById(pool: Pool, sessionId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ user_id: string }>(
    'DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id',
    [hashSessionId(sessionId)],
  )
  return rows[0]?.user_id
}

/** Ends one of `userId`'s sessions by its public id; false when the user has no such session. */
export async function endUserSession(pool: Pool, userId: string, id: Uuid): Promise<boolean> {
  const result = await pool.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ])
  return (result.rowCount ?? 0) > 0
}

/** Ends every session of `userId` except `keepId` (all of them without one); resolves with how many. */
export async function endOtherSessions(
  pool: Pool,
  userId: string,
  keepId?: string,
): Promise<number> {
  const result = await pool.query(
    'DELETE FROM sessions WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [userId, keepId ?? null],
  )
  return result.rowCount ?? 0
}

/**
 * Ends every session of `userId` that signed in with the password alone (and has not proved a
 * factor since), except `keepId`: when the account's first factor is added, a session opened
 * with the password before — on another device, or by whoever else knew it — ends. Resolves
 * with how many.
 */
export async function endOtherPasswordSessions(
  db: Pool | PoolClient,
  userId: string,
  keepId: string,
): Promise<number> {
  const result = await db.query(
    `DELETE FROM sessions WHERE user_id = $1 AND id <> $2::uuid AND sign_in_method = 'password'`,
    [userId, keepId],
  )
  return result.rowCount ?? 0
}

/**
 * A session that signed in with the password alone and has since proved a second factor it
 * holds (a code or passkey step-up) counts from then on as signed in with both. Adding a factor
 * is no such proof: the password alone may add the account's first one.
 */
export async function upgradeSignInMethod(
  pool: Pool,
  id: string,
  method: 'passwordAndCode' | 'passkey',
): Promise<void> {
  await pool.query(
    `UPDATE sessions SET sign_in_method = $2 WHERE id = $1 AND sign_in_method = 'password'`,
    [id, method],
  )
}

/**
 * Of the sessions `ids`, those alive at `now`, each with whether it is an admin's session as the
 * admin gate sees one (server/http/require-admin.ts): its user has the admin role, it did not sign
 * in with the password alone, and the account has a passkey or a confirmed authenticator app. One
 * query for any number of sessions: the live streams' periodic check (server/live/thread-hub.ts).
 */
export async function sessionStanding(
  pool: Pool,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, { readonly admin: boolean }>> {
  if (ids.length === 0) return new Map()
  const { rows } = await pool.query<{ id: string; admin: boolean }>(
    `SELECT s.id, u.role = 'admin' AND s.sign_in_method <> 'password'
       AND (EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id)
         OR EXISTS (SELECT 1 FROM totp_factors t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL))
       AS admin
     FROM (SELECT id, user_id, sign_in_method FROM sessions WHERE id = ANY($1::uuid[]) AND ${aliveAt('$2')}) s
     JOIN users u ON u.id = s.user_id`,
    [ids, now],
  )
  return new Map(rows.map((row) => [row.id, { admin: row.admin }]))
}
