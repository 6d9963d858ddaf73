import type { Handler } from 'hono'
import * as v from 'valibot'
import { createResendSchema } from '../../src/features/registration/recovery-schemas'
import { translator } from '../i18n/server-i18n'
import { clientAddress } from '../security/client-ip'
import { readJson } from '../security/json-body'
import { emailSubject } from '../security/rate-limit'
import { failure, invalidFields, tooManyRequests } from './answers'
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
  const schemas = {
    en: createResendSchema(translator('en')),
    es: createResendSchema(translator('es')),
  }
  return async (c) => {
    const t = c.get('t')
    const perIp = await deps.rateLimiter.hit(
      deps.rateRules.resendPerIp,
      clientAddress(c, deps.trustProxy),
    )
    if (!perIp.allowed) return tooManyRequests(c, perIp.retryAfterSeconds)

    const body = await readJson(c)
    if (!body.ok) return failure(c, 400, 'invalid_json', t(authMessages.invalidJson))
    const parsed = v.safeParse(schemas[c.get('locale')], body.value)
    if (!parsed.success) return invalidFields(c, parsed.issues, t(authMessages.invalidFields))
    const { email } = parsed.output

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
