import type { Handler } from 'hono'
import { createVerifyEmailSchema } from '../../domain/accounts/account-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { failure, success } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { hashVerificationToken } from '../security/verification-tokens'
import { nowOf } from '../sessions/clock'
import { authMessages as m } from './auth-messages'

/**
 * One statement, so a token works once even when two requests bring it at the same moment:
 * spend it (only if unused and unexpired at $2), mark the address verified, and retire the
 * account's other outstanding links.
 */
const verifySql = `
WITH spent AS (
  UPDATE email_verification_tokens SET used_at = $2
  WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
  RETURNING user_id
), verified AS (
  UPDATE users SET email_verified_at = coalesce(email_verified_at, $2)
  FROM spent WHERE users.id = spent.user_id
  RETURNING users.id
), retired AS (
  UPDATE email_verification_tokens SET used_at = $2
  FROM verified
  WHERE email_verification_tokens.user_id = verified.id
    AND email_verification_tokens.used_at IS NULL AND email_verification_tokens.token_hash <> $1
)
SELECT id FROM verified`

/** An unused token past its time: the page offers a new link rather than "invalid". */
const expiredSql = `
SELECT 1 FROM email_verification_tokens
WHERE token_hash = $1 AND used_at IS NULL AND expires_at <= $2`

/**
 * A link spent (or retired by another) once its address was confirmed: clicked twice, or opened
 * again from the mail. A link retired by a newer one while the address still waits stays invalid.
 */
const usedSql = `
SELECT 1 FROM email_verification_tokens JOIN users ON users.id = email_verification_tokens.user_id
WHERE token_hash = $1 AND used_at IS NOT NULL AND users.email_verified_at IS NOT NULL`

/** `POST /api/v1/auth/verify-email` `{ token }`. */
export function verifyEmailHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createVerifyEmailSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.verifyEmailPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const tokenHash = hashVerificationToken(admitted.input.token)
    const now = nowOf(deps)
    const verified = await deps.pool.query<{ id: string }>(verifySql, [tokenHash, now])
    const account = verified.rows[0]
    if (account) {
      securityEvent(c, 'email.verified', { accountId: account.id })
      return success(c, 'verifyEmail', t(m.emailVerified))
    }
    const expired = (await deps.pool.query(expiredSql, [tokenHash, now])).rowCount
    if (expired) {
      securityEvent(c, 'email.verify.failed', { reason: 'expired_token' })
      return failure(c, 400, 'expired_token', t(m.verificationLinkExpired))
    }
    const used = (await deps.pool.query(usedSql, [tokenHash])).rowCount
    if (used) {
      securityEvent(c, 'email.verify.failed', { reason: 'already_verified' })
      return failure(c, 409, 'already_verified', t(m.verificationLinkUsed))
    }
    securityEvent(c, 'email.verify.failed', { reason: 'invalid_token' })
    return failure(c, 400, 'invalid_token', t(m.verificationLinkInvalid))
  }
}
