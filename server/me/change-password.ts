import type { Handler } from 'hono'
import { createChangePasswordSchema } from '../../domain/accounts/account-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { success } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { refusePassword } from '../http/refuse-password'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { hashPassword } from '../security/passwords'
import { rotateBrowserSession } from '../sessions/browser-session'
import { refuseWrongPassword } from './current-password'
import { meMessages as m } from './me-messages'

/**
 * One statement: the new password; every other session of the account ended (whoever else held
 * the old password or a session is signed out) and this one under a new id ($4, the hash of
 * the id the browser gets); every outstanding reset and verification link retired, and a
 * recovery mail still waiting in the outbox dropped (it would mint a fresh link) — a link mailed
 * before the change must not undo it; and the notice in the outbox, in the account's language.
 */
const changeSql = `
WITH changed AS (
  UPDATE users SET password_hash = $2, password_changed_at = now()
  WHERE id = $1 RETURNING id, email, locale
), others AS (
  DELETE FROM sessions USING changed WHERE sessions.user_id = changed.id AND sessions.id <> $3
  RETURNING sessions.id
), rotated AS (
  UPDATE sessions SET token_hash = $4 FROM changed
  WHERE sessions.id = $3 AND sessions.user_id = changed.id
), reset_links AS (
  UPDATE password_reset_tokens SET used_at = now() FROM changed
  WHERE password_reset_tokens.user_id = changed.id AND password_reset_tokens.used_at IS NULL
), verification_links AS (
  UPDATE email_verification_tokens SET used_at = now() FROM changed
  WHERE email_verification_tokens.user_id = changed.id AND email_verification_tokens.used_at IS NULL
), waiting_recovery AS (
  UPDATE mail_outbox SET status = 'expired' FROM changed
  WHERE mail_outbox.user_id = changed.id AND mail_outbox.kind = ${kindLiteral(accountMailKinds.recovery)}
    AND mail_outbox.status = 'pending'
), notice AS (
  INSERT INTO mail_outbox (kind, recipient, locale, user_id)
  SELECT ${kindLiteral(accountMailKinds.passwordChanged)}, email, locale, id FROM changed
  RETURNING id
)
SELECT (SELECT id FROM notice) AS notice_id, (SELECT count(*) FROM others)::int AS ended`

/** `POST /api/v1/me/password` `{ currentPassword, newPassword }`. */
export function changePasswordHandler(deps: ApiDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale(createChangePasswordSchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { currentPassword, newPassword } = admitted.input
    const { user, session } = signedInOf(c)
    const wrong = await refuseWrongPassword(c, deps, currentPassword, 'currentPassword')
    if (wrong) return wrong
    const refused = await refusePassword(
      c,
      newPassword,
      [user.email, user.name, user.lastName],
      user.id,
      'newPassword',
    )
    if (refused) return refused
    const passwordHash = await deps.hashSlots.run(() => hashPassword(newPassword))
    const rotation = rotateBrowserSession(c, deps, session)
    const result = await deps.pool.query<{ notice_id: string | null; ended: number }>(changeSql, [
      user.id,
      passwordHash,
      session.id,
      rotation.tokenHash,
    ])
    rotation.handOver()
    const row = result.rows[0]
    if (row?.notice_id) deps.mail.queued(Number(row.notice_id))
    securityEvent(c, 'password.changed', { accountId: user.id, count: row?.ended ?? 0 })
    return success(c, 'changePassword', c.get('t')(m.passwordChanged))
  }
}
