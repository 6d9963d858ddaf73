import type { Handler } from 'hono'
import {
  createRegistrationSchema,
  type RegistrationField,
} from '../../src/domain/registration/registration-schema'
import { users } from '../db/schema'
import { emailSubject } from '../security/rate-limit'
import { admitRequest, schemasPerLocale } from './admit-request'
import { failure, success, tooManyRequests } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import { hashPassword } from './passwords'

/**
 * Every registration field but the password is a `users` column of the same name: a field
 * added to the schema without its column does not compile.
 */
type ProfileColumns = Pick<typeof users.$inferInsert, Exclude<RegistrationField, 'password'>>

/**
 * `POST /api/v1/auth/register`: 201 for a new account, 409 when the address (any case) already
 * has one. The database decides in one statement (INSERT … ON CONFLICT DO NOTHING RETURNING),
 * so concurrent registrations of one address create exactly one account.
 */
export function registerHandler(deps: AuthDeps): Handler<AuthEnv> {
  const schemas = schemasPerLocale((t) => createRegistrationSchema(t, deps.today))
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.registerPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const input = admitted.input

    const perEmail = await deps.rateLimiter.hit(
      deps.rateRules.registerPerEmail,
      emailSubject(input.email),
    )
    if (!perEmail.allowed) return tooManyRequests(c, perEmail.retryAfterSeconds)

    // Hashed before the insert either way, so a duplicate costs the same time as a new account.
    const passwordHash = await hashPassword(input.password)
    const { password: _password, ...fields } = input
    const profile: ProfileColumns = { ...fields, exteriorNumber: fields.exteriorNumber || null }
    const inserted = await deps.db
      .insert(users)
      .values({ ...profile, passwordHash, locale: c.get('locale') })
      .onConflictDoNothing()
      .returning({ id: users.id })

    if (inserted.length === 0) {
      return failure(c, 409, 'already_registered', t(authMessages.alreadyRegistered))
    }
    return success(c, 'register', t(authMessages.registered))
  }
}
