import type { Handler } from 'hono'
import { createResendSchema } from '../../src/domain/registration/recovery-schemas'
import { emailSubject } from '../security/rate-limit'
import { admitRequest, schemasPerLocale } from './admit-request'
import { success, tooManyRequests } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'

/**
 * One statement: when the address has an account, put the mail in the outbox; otherwise do
 * nothing. Either way the caller gets the same answer. No token exists yet: the outbox worker
 * creates it when it sends the mail, and stores only its hash (server/mail/outbox-worker.ts).
 */
const enqueueSql = `
INSERT INTO mail_outbox (kind, recipient, locale, user_id)
SELECT 'password_recovery', email, $2, id FROM users WHERE lower(email) = lower($1)
RETURNING id`

/**
 * `POST /api/v1/auth/resend-recovery-email`: answers an unknown address exactly like a known
 * one (status, body, and the same once-a-minute limit per address), so it reveals nothing.
 */
export function resendRecoveryEmailHandler(deps: AuthDeps): Handler<AuthEnv> {
  const schemas = schemasPerLocale(createResendSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.resendPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { email } = admitted.input

    const perEmail = await deps.rateLimiter.hit(deps.rateRules.resendPerEmail, emailSubject(email))
    if (!perEmail.allowed) return tooManyRequests(c, perEmail.retryAfterSeconds)

    const queued = await deps.pool.query<{ id: string }>(enqueueSql, [email, c.get('locale')])
    for (const row of queued.rows) deps.mail.queued(Number(row.id))
    return success(c, 'resendRecoveryEmail', t(authMessages.recoverySent))
  }
}
