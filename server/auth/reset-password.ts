import type { Handler } from 'hono'
import { createResetPasswordSchema } from '../../src/domain/registration/recovery-schemas'
import { admitRequest, schemasPerLocale } from './admit-request'
import { failure, success } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import { hashPassword } from './passwords'
import { hashRecoveryToken } from './recovery-tokens'

/**
 * One statement, so it is atomic: spend the token (only if unused and unexpired; a concurrent
 * second use waits for the row lock, then finds it used), set the new password, and retire the
 * account's other outstanding tokens.
 */
const resetSql = `
WITH spent AS (
  UPDATE password_reset_tokens SET used_at = now()
  WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
  RETURNING user_id
), changed AS (
  UPDATE users SET password_hash = $2, password_changed_at = now()
  FROM spent WHERE users.id = spent.user_id
  RETURNING users.id
), retired AS (
  UPDATE password_reset_tokens SET used_at = now()
  FROM changed
  WHERE password_reset_tokens.user_id = changed.id AND password_reset_tokens.used_at IS NULL
    AND password_reset_tokens.token_hash <> $1
)
SELECT id FROM changed`

/** `POST /api/v1/auth/reset-password` `{ token, password }`. */
export function resetPasswordHandler(deps: AuthDeps): Handler<AuthEnv> {
  const schemas = schemasPerLocale(createResetPasswordSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.resetPerIp, schemas)
    if (!admitted.ok) return admitted.response

    const passwordHash = await hashPassword(admitted.input.password)
    const result = await deps.pool.query(resetSql, [
      hashRecoveryToken(admitted.input.token),
      passwordHash,
    ])
    if (result.rowCount === 0)
      return failure(c, 400, 'invalid_token', t(authMessages.resetLinkInvalid))
    return success(c, 'resetPassword', t(authMessages.passwordChanged))
  }
}
