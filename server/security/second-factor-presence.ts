import type { Pool, PoolClient } from 'pg'

/**
 * Whether the account has a passkey or a confirmed authenticator app. Platform, not the factors
 * resource: the kernel's admin gate asks it on every admin call, and the kernel knows no resource.
 */
export async function hasSecondFactor(db: Pool | PoolClient, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ has: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)
       OR EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS has`,
    [userId],
  )
  return rows[0]?.has ?? false
}
