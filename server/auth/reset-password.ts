import type { Handler } from 'hono'
import * as v from 'valibot'
import { createResetPasswordSchema } from '../../src/features/registration/recovery-schemas'
import { translator } from '../i18n/server-i18n'
import { clientAddress } from '../security/client-ip'
import { readJson } from '../security/json-body'
import { failure, invalidFields, tooManyRequests } from './answers'
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
  const schemas = {
    en: createResetPasswordSchema(translator('en')),
    es: createResetPasswordSchema(translator('es')),
  }
  return async (c) => {
    const t = c.get('t')
    const perIp = await deps.rateLimiter.hit(
      deps.rateRules.resetPerIp,
      clientAddress(c, deps.trustProxy),
    )
    if (!perIp.allowed) return tooManyRequests(c, perIp.retryAfterSeconds)

    const body = await readJson(c)
    if (!body.ok) return failure(c, 400, 'invalid_json', t(authMessages.invalidJson))
    const parsed = v.safeParse(schemas[c.get('locale')], body.value)
    if (!parsed.success) return invalidFields(c, parsed.issues, t(authMessages.invalidFields))

    const passwordHash = await hashPassword(parsed.output.password)
    const result = await deps.pool.query(resetSql, [
      hashRecoveryToken(parsed.output.token),
      passwordHash,
    ])
    if (result.rowCount === 0)
      return failure(c, 400, 'invalid_token', t(authMessages.resetLinkInvalid))
    return c.json({ success: true, message: t(authMessages.passwordChanged) }, 200)
  }
}
