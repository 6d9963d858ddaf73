import type { Pool } from 'pg'
import type { UserRole } from '../../src/domain/api/api-contract'
import { hasSecondFactor } from '../factors/factor-store'

export type RoleChange =
  | {
      readonly outcome: 'changed' | 'unchanged'
      readonly email: string
      /** Whether the account has a passkey or an authenticator app (the admin API needs one). */
      readonly hasSecondFactor: boolean
    }
  | { readonly outcome: 'no_account' | 'unverified' }

/**
 * Gives the account registered with `email` (any case) the `role`. Only a verified account
 * becomes an admin: an unconfirmed address may belong to someone who typed another's address.
 * Taking the role away works for any account.
 */
export async function setAccountRole(
  pool: Pool,
  email: string,
  role: UserRole,
): Promise<RoleChange> {
  const { rows } = await pool.query<{ id: string; email: string; verified: boolean; role: string }>(
    `SELECT id, email, email_verified_at IS NOT NULL AS verified, role FROM users
     WHERE lower(email) = lower($1)`,
    [email.trim()],
  )
  const account = rows[0]
  if (!account) return { outcome: 'no_account' }
  if (role === 'admin' && !account.verified) return { outcome: 'unverified' }
  const factor = await hasSecondFactor(pool, account.id)
  if (account.role === role)
    return { outcome: 'unchanged', email: account.email, hasSecondFactor: factor }
  await pool.query('UPDATE users SET role = $2 WHERE lower(email) = lower($1)', [
    account.email,
    role,
  ])
  return { outcome: 'changed', email: account.email, hasSecondFactor: factor }
}
