import type { Handler } from 'hono'
import { createResendSchema } from '../../src/features/registration/recovery-schemas'
import { emailSubject } from '../security/rate-limit'
import { admitRequest, schemasPerLocale } from './admit-request'
import { tooManyRequests } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import {
  hashRecoveryToken,
  newRecoveryToken,
  recoveryTokenLifetimeMinutes,
} from './recovery-tokens'

/**
 * One statement: when the address has an account, store the token's hash and put the mail in
 * the outbox; otherwise do nothing. Either way the caller gets the same answer.
 */
const enqueueSql = `
WITH account AS (
  SELECT id, email FROM users WHERE lower(email) = lower($1)
), token AS (
  INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
  SELECT id, $2, now() + make_interval(mins => $3) FROM account
  RETURNING user_id
)
INSERT INTO mail_outbox (kind, recipient, locale, link_token)
SELECT 'password_recovery', account.email, $4, $5 FROM account JOIN token ON token.user_id = account.id
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

    const token = newRecoveryToken()
    const queued = await deps.pool.query<{ id: string }>(enqueueSql, [
      email,
      hashRecoveryToken(token),
      recoveryTokenLifetimeMinutes,
      c.get('locale'),
      token,
    ])
    for (const row of queued.rows) deps.mail.queued(Number(row.id))
    return c.json({ success: true, message: t(authMessages.recoverySent) }, 200)
  }
}
