import type { Handler } from 'hono'
import {
  createRegistrationSchema,
  type RegistrationField,
} from '../../src/domain/registration/registration-schema'
import { mailOutbox, users } from '../db/schema'
import { securityEvent } from '../log/security-event'
import { emailSubject } from '../security/rate-limit'
import { admitRequest, schemasPerLocale } from './admit-request'
import { failure, success, tooManyRequests } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import { hashPassword } from './passwords'
import { refusePassword } from './refuse-password'

/**
 * Every registration field but the password is a `users` column of the same name: a field
 * added to the schema without its column does not compile.
 */
type ProfileColumns = Pick<typeof users.$inferInsert, Exclude<RegistrationField, 'password'>>

/**
 * `POST /api/v1/auth/register`: 201 for a new account, 409 when the address (any case) already
 * has one. The database decides in one statement (INSERT … ON CONFLICT DO NOTHING RETURNING),
 * so concurrent registrations of one address create exactly one account. A new account gets the
 * verification mail through the outbox (its link's token is made when the mail is sent).
 */
export function registerHandler(deps: AuthDeps): Handler<AuthEnv> {
  const schemas = schemasPerLocale((t) => createRegistrationSchema(t, deps.today))
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.registerPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const input = admitted.input

    const perEmailRule = deps.rateRules.registerPerEmail
    const perEmail = await deps.rateLimiter.hit(perEmailRule, emailSubject(input.email))
    if (!perEmail.allowed) return tooManyRequests(c, perEmail.retryAfterSeconds, perEmailRule)

    const refused = await refusePassword(c, input.password, [
      input.email,
      input.name,
      input.lastName,
    ])
    if (refused) return refused

    // Hashed before the insert either way, so a duplicate costs the same time as a new account.
    const passwordHash = await deps.hashSlots.run(() => hashPassword(input.password))
    const { password: _password, ...fields } = input
    const profile: ProfileColumns = { ...fields, exteriorNumber: fields.exteriorNumber || null }
    const locale = c.get('locale')
    // The account and its verification mail commit together: no account without its link.
    const created = await deps.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(users)
        .values({ ...profile, passwordHash, locale })
        .onConflictDoNothing()
        .returning({ id: users.id })
      if (!account) return undefined
      const [mail] = await tx
        .insert(mailOutbox)
        .values({ kind: 'email_verification', recipient: input.email, locale, userId: account.id })
        .returning({ id: mailOutbox.id })
      return { account, mailId: mail?.id }
    })

    if (!created) {
      securityEvent(c, 'auth.register.duplicate')
      return failure(c, 409, 'already_registered', t(authMessages.alreadyRegistered))
    }
    if (created.mailId !== undefined) deps.mail.queued(created.mailId)
    securityEvent(c, 'auth.register', { accountId: created.account.id })
    return success(c, 'register', t(authMessages.registered))
  }
}
