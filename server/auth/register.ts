import type { Handler } from 'hono'
import {
  createRegistrationSchema,
  type RegistrationField,
} from '../../domain/registration/registration-schema'
import { users } from '../db/schema'
import { admitRequest, limitPerEmail, schemasPerLocale } from '../http/admit-request'
import { failure, success } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { refusePassword } from '../http/refuse-password'
import { securityEvent } from '../log/security-event'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { hashPassword } from '../security/passwords'
import { authMessages } from './auth-messages'

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
export function registerHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale((t) => createRegistrationSchema(t, deps.today))
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.registerPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const input = admitted.input

    const overLimit = await limitPerEmail(c, deps, [deps.rateRules.registerPerEmail], input.email)
    if (overLimit) return overLimit

    const refused = await refusePassword(c, input.password, [
      input.email,
      input.name,
      input.lastName,
    ])
    if (refused) return refused

    // Hashed before the insert either way, so a duplicate costs the same time as a new account.
    const passwordHash = await deps.hashSlots.run(() => hashPassword(input.password))
    const { password: _password, ...fields } = input
    // An empty interior number or state is stored as none.
    const profile: ProfileColumns = {
      ...fields,
      interiorNumber: fields.interiorNumber || null,
      state: fields.state || null,
    }
    // One statement: the account and its verification mail commit together (no account without
    // its link), and a duplicate inserts neither. The typed insert builds the account's part.
    const insertAccount = deps.db
      .insert(users)
      .values({ ...profile, passwordHash, locale: c.get('locale') })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, locale: users.locale })
      .toSQL()
    const created = await deps.pool.query<{ id: string; mail_id: string }>(
      `WITH account AS (${insertAccount.sql}), mail AS (
         INSERT INTO mail_outbox (kind, recipient, locale, user_id)
         SELECT ${kindLiteral(accountMailKinds.verification)}, email, locale, id FROM account
         RETURNING id
       )
       SELECT account.id, mail.id AS mail_id FROM account, mail`,
      insertAccount.params,
    )
    const account = created.rows[0]
    if (!account) {
      securityEvent(c, 'auth.register.duplicate')
      return failure(c, 409, 'already_registered', t(authMessages.alreadyRegistered))
    }
    deps.mail.queued(Number(account.mail_id))
    securityEvent(c, 'auth.register', { accountId: account.id })
    return success(c, 'register', t(authMessages.registered))
  }
}
