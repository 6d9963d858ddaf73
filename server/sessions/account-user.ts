import { eq } from 'drizzle-orm'
import { type ProfileField, profileFields } from '../../domain/accounts/account-schemas'
import type { AccountUser } from '../../domain/api/api-contract'
import { isLocale } from '../../domain/locales'
import type { Db } from '../db/database'
import { users } from '../db/schema'

export type UserRow = typeof users.$inferSelect

/** What the API shows of a user: never the password hash. */
export function toAccountUser(row: UserRow): AccountUser {
  const profile = Object.fromEntries(
    profileFields.map((field) => [field, row[field] ?? '']),
  ) as Record<ProfileField, string>
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    role: row.role === 'admin' ? 'admin' : 'client',
    locale: isLocale(row.locale) ? row.locale : 'en',
    createdAt: row.createdAt.toISOString(),
    profile,
  }
}

export async function loadUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId))
  return row
}
