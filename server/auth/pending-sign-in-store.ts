import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Pool } from 'pg'

/**
 * A sign-in half-way (table `pending_sign_ins`): the password was right and a second step is
 * owed. It is no session — it opens no signed-in route — and lives 5 minutes. The browser holds
 * a 256-bit id in an HttpOnly cookie; the table holds its SHA-256.
 */
export const pendingSignInSeconds = 5 * 60

export function pendingCookieName(secure: boolean): string {
  return secure ? '__Host-sign-in' : 'sign-in'
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export type PendingSignIn = {
  readonly id: string
  readonly userId: string
  readonly remember: boolean
}

/** Starts a half-way sign-in for `userId` and hands the browser its cookie. */
export async function startPendingSignIn(
  c: Context,
  pool: Pool,
  secure: boolean,
  userId: string,
  remember: boolean,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  // Older half-way states of the account stay: someone else's password sign-in must not end the
  // holder's. Each has its own code budget; the account's budget caps them together.
  await pool.query(
    `INSERT INTO pending_sign_ins (token_hash, user_id, remember, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $4::timestamptz + make_interval(secs => ${pendingSignInSeconds}))`,
    [hashOf(token), userId, remember, now],
  )
  setCookie(c, pendingCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    maxAge: pendingSignInSeconds,
  })
}

/** The browser's live half-way sign-in, if any. */
export async function pendingSignInOf(
  c: Context,
  pool: Pool,
  secure: boolean,
  now: Date,
): Promise<PendingSignIn | undefined> {
  const token = getCookie(c, pendingCookieName(secure))
  if (!token || token.length > 100) return undefined
  const { rows } = await pool.query<{ id: string; user_id: string; remember: boolean }>(
    'SELECT id, user_id, remember FROM pending_sign_ins WHERE token_hash = $1 AND expires_at > $2',
    [hashOf(token), now],
  )
  const row = rows[0]
  return row ? { id: row.id, userId: row.user_id, remember: row.remember } : undefined
}

/**
 * Ends a half-way sign-in (it became a session): true for the one request that deleted it, so
 * two second steps racing with two good codes cannot both sign in.
 */
export async function finishPendingSignIn(
  c: Context,
  pool: Pool,
  secure: boolean,
  id: string,
): Promise<boolean> {
  const result = await pool.query('DELETE FROM pending_sign_ins WHERE id = $1', [id])
  deleteCookie(c, pendingCookieName(secure), { path: '/', secure })
  return (result.rowCount ?? 0) > 0
}
