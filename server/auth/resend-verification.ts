import type { Handler } from 'hono'
import { createResendVerificationSchema } from '../../src/domain/accounts/account-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { success, tooManyRequests } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { emailSubject } from '../security/rate-limit'
import { authMessages as m } from './auth-messages'

/**
 * One statement, the same for every address (as for the recovery mail): an outbox row, with the
 * account only when the address has one still waiting for confirmation. The worker creates the
 * link's token when it sends the mail, or drops a row without an account.
 */
const enqueueSql = `
WITH account AS (
  SELECT id, email, locale FROM users
  WHERE lower(email) = lower($1) AND email_verified_at IS NULL
)
INSERT INTO mail_outbox (kind, recipient, locale, user_id)
SELECT ${kindLiteral(accountMailKinds.verification)}, coalesce(account.email, $1), coalesce(account.locale, $2), account.id
FROM (VALUES (1)) AS one LEFT JOIN account ON true
RETURNING id, user_id`

/**
 * `POST /api/v1/auth/resend-verification` `{ email }`: the same answer, status and limits for any
 * address (once a minute, five a day), so it tells nobody whether an address has an account.
 */
export function resendVerificationHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createResendVerificationSchema)
  return async (c) => {
    const rules = deps.rateRules
    const admitted = await admitRequest(c, deps, rules.resendVerificationPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { email } = admitted.input
    for (const rule of [rules.resendVerificationPerEmail, rules.resendVerificationPerEmailDaily]) {
      const perEmail = await deps.rateLimiter.hit(rule, emailSubject(email))
      if (!perEmail.allowed) return tooManyRequests(c, perEmail.retryAfterSeconds, rule)
    }
    const queued = await deps.pool.query<{ id: string; user_id: string | null }>(enqueueSql, [
      email,
      c.get('locale'),
    ])
    const row = queued.rows[0]
    if (row) deps.mail.queued(Number(row.id))
    securityEvent(c, 'email.verification.requested', {
      accountId: row?.user_id ?? undefined,
      known: Boolean(row?.user_id),
    })
    return success(c, 'resendVerification', c.get('t')(m.verificationSent))
  }
}
