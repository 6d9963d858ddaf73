import type { Handler } from 'hono'
import { createResendSchema } from '../../src/domain/registration/recovery-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { success, tooManyRequests } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { emailSubject } from '../security/rate-limit'
import { authMessages } from './auth-messages'

/**
 * One statement, the same for every address: put a recovery row in the outbox, with the
 * account when the address has one. A known and an unknown address cost the same work here;
 * the outbox worker sends the mail (creating the token then, storing only its hash) or drops
 * the row without an account (server/mail/outbox-worker.ts).
 */
const enqueueSql = `
WITH account AS (SELECT id, email FROM users WHERE lower(email) = lower($1))
INSERT INTO mail_outbox (kind, recipient, locale, user_id)
SELECT ${kindLiteral(accountMailKinds.recovery)}, coalesce(account.email, $1), $2, account.id
FROM (VALUES (1)) AS one LEFT JOIN account ON true
RETURNING id, user_id`

/**
 * `POST /api/v1/auth/resend-recovery-email`: answers an unknown address exactly like a known
 * one (status, body, timing, and the same limits per address: one a minute, five a day).
 */
export function resendRecoveryEmailHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createResendSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.resendPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { email } = admitted.input

    for (const rule of [deps.rateRules.resendPerEmail, deps.rateRules.resendPerEmailDaily]) {
      const perEmail = await deps.rateLimiter.hit(rule, emailSubject(email))
      if (!perEmail.allowed) return tooManyRequests(c, perEmail.retryAfterSeconds, rule)
    }

    const queued = await deps.pool.query<{ id: string; user_id: string | null }>(enqueueSql, [
      email,
      c.get('locale'),
    ])
    const row = queued.rows[0]
    if (row) deps.mail.queued(Number(row.id))
    securityEvent(c, 'auth.recovery.requested', {
      accountId: row?.user_id ?? undefined,
      known: Boolean(row?.user_id),
    })
    return success(c, 'resendRecoveryEmail', t(authMessages.recoverySent))
  }
}
