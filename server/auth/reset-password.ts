import type { Handler } from 'hono'
import { createResetPasswordSchema } from '../../domain/registration/recovery-schemas'
import type { users } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { failure, success } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { refusePassword } from '../http/refuse-password'
import { securityEvent } from '../log/security-event'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { hashPassword } from '../security/passwords'
import { hashRecoveryToken } from '../security/recovery-tokens'
import { authMessages } from './auth-messages'

/**
 * Looks the token up before any expensive work: an invalid or spent link costs one indexed
 * read, never a 19 MiB argon2 hash. (The reset itself checks the token again, atomically.)
 */
const lookupSql = `
SELECT u.id, u.email, u.name, u.last_name, u.email_verified_at IS NULL AS unverified
FROM password_reset_tokens t
JOIN users u ON u.id = t.user_id
WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()`

/**
 * The link of an address whose registration was never confirmed: whoever registered may not be
 * the address's owner (anyone can type any address), so the owner does not inherit that
 * registration's password or details. One statement spends the token and removes the
 * unconfirmed account with everything in it (ON DELETE CASCADE); the owner registers afresh
 * (docs/decisions/033-unverified-accounts.md).
 */
const removeUnfinishedSql = `
WITH spent AS (
  UPDATE password_reset_tokens SET used_at = now()
  WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
  RETURNING user_id
)
DELETE FROM users USING spent
WHERE users.id = spent.user_id AND users.email_verified_at IS NULL
RETURNING users.id`

/**
 * One statement, so it is atomic: spend the token (only if unused and unexpired; a concurrent
 * second use waits for the row lock, then finds it used), set the new password, end every
 * session of the account (whoever held the old password is signed out), retire the account's
 * other outstanding tokens, and put the "your password was changed" notice in the outbox. Only
 * a confirmed account gets this far (`email_verified_at IS NOT NULL`, checked again here).
 */
const resetSql = `
WITH spent AS (
  UPDATE password_reset_tokens SET used_at = now()
  WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
  RETURNING user_id
), changed AS (
  UPDATE users SET password_hash = $2, password_changed_at = now()
  FROM spent WHERE users.id = spent.user_id AND users.email_verified_at IS NOT NULL
  RETURNING users.id, users.email
), signed_out AS (
  DELETE FROM sessions USING changed WHERE sessions.user_id = changed.id
), retired AS (
  UPDATE password_reset_tokens SET used_at = now()
  FROM changed
  WHERE password_reset_tokens.user_id = changed.id AND password_reset_tokens.used_at IS NULL
    AND password_reset_tokens.token_hash <> $1
), notice AS (
  INSERT INTO mail_outbox (kind, recipient, locale, user_id)
  SELECT ${kindLiteral(accountMailKinds.passwordChanged)}, email, $3, id FROM changed
  RETURNING id
)
SELECT changed.id, (SELECT id FROM notice) AS notice_id FROM changed`

/** `POST /api/v1/auth/reset-password` `{ token, password }`. */
export function resetPasswordHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createResetPasswordSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.resetPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const tokenHash = hashRecoveryToken(admitted.input.token)
    const invalid = () => {
      securityEvent(c, 'auth.reset.failed', { reason: 'invalid_token' })
      return failure(c, 400, 'invalid_token', t(authMessages.resetLinkInvalid))
    }

    const found = await deps.pool.query<
      SqlColumns<typeof users, 'id' | 'email' | 'name' | 'last_name'> & { unverified: boolean }
    >(lookupSql, [tokenHash])
    const account = found.rows[0]
    if (!account) return invalid()
    if (account.unverified) {
      const removed = await deps.pool.query<{ id: string }>(removeUnfinishedSql, [tokenHash])
      const gone = removed.rows[0]
      if (!gone) return invalid()
      securityEvent(c, 'auth.reset.unfinished_registration', { accountId: gone.id })
      return failure(c, 409, 'registration_unfinished', t(authMessages.registrationUnfinished))
    }

    const refused = await refusePassword(
      c,
      admitted.input.password,
      [account.email, account.name, account.last_name],
      account.id,
    )
    if (refused) return refused

    const passwordHash = await deps.hashSlots.run(() => hashPassword(admitted.input.password))
    const result = await deps.pool.query<{ id: string; notice_id: string | null }>(resetSql, [
      tokenHash,
      passwordHash,
      c.get('locale'),
    ])
    const changed = result.rows[0]
    if (!changed) return invalid()
    if (changed.notice_id !== null) deps.mail.queued(Number(changed.notice_id))
    securityEvent(c, 'auth.reset', { accountId: changed.id })
    return success(c, 'resetPassword', t(authMessages.passwordChanged))
  }
}
