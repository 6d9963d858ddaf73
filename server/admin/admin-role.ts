import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { Pool } from 'pg'
import type { UserRole } from '../../domain/api/api-contract'
import { users } from '../db/schema'
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
 * Taking the role away works for any account. One `users` row read and written: Drizzle's
 * builder, as sign-in and the profile do (docs/architecture.md, "The server's SQL"); it takes
 * a pool because `npm run admin:grant` opens only that.
 */
export async function setAccountRole(
  pool: Pool,
  email: string,
  role: UserRole,
): Promise<RoleChange> {
  const db = drizzle(pool)
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
  if (!account) return { outcome: 'no_account' }
  if (role === 'admin' && account.verifiedAt === null) return { outcome: 'unverified' }
  const factor = await hasSecondFactor(pool, account.id)
  if (account.role === role)
    return { outcome: 'unchanged', email: account.email, hasSecondFactor: factor }
  await db.update(users).set({ role }).where(eq(users.id, account.id))
  return { outcome: 'changed', email: account.email, hasSecondFactor: factor }
}
