import type { Handler } from 'hono'
import { createChangePasswordSchema } from '../../src/domain/accounts/account-schemas'
import { accountAnswerMessages as m } from '../auth/account-messages'
import { admitRequest, schemasPerLocale } from '../auth/admit-request'
import { success } from '../auth/answers'
import type { AuthDeps } from '../auth/auth-env'
import { hashPassword } from '../auth/passwords'
import { refusePassword } from '../auth/refuse-password'
import { securityEvent } from '../log/security-event'
import { type AccountEnv, signedInOf } from '../sessions/require-session'
import { refuseWrongPassword } from './current-password'

/**
 * One statement: the new password, every other session of the account ended (whoever else held
 * the old password or a session is signed out), and the notice in the outbox, in the account's
 * language.
 */
const changeSql = `
WITH changed AS (
  UPDATE users SET password_hash = $2, password_changed_at = now()
  WHERE id = $1 RETURNING id, email, locale
), others AS (
  DELETE FROM sessions USING changed WHERE sessions.user_id = changed.id AND sessions.id <> $3
  RETURNING sessions.id
), notice AS (
  INSERT INTO mail_outbox (kind, recipient, locale, user_id)
  SELECT 'password_changed', email, locale, id FROM changed
  RETURNING id
)
SELECT (SELECT id FROM notice) AS notice_id, (SELECT count(*) FROM others)::int AS ended`

/** `POST /api/v1/me/password` `{ currentPassword, newPassword }`. */
export function changePasswordHandler(deps: AuthDeps): Handler<AccountEnv> {
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
    const result = await deps.pool.query<{ notice_id: string | null; ended: number }>(changeSql, [
      user.id,
      passwordHash,
      session.id,
    ])
    const row = result.rows[0]
    if (row?.notice_id) deps.mail.queued(Number(row.notice_id))
    securityEvent(c, 'password.changed', { accountId: user.id, count: row?.ended ?? 0 })
    return success(c, 'changePassword', c.get('t')(m.passwordChanged))
  }
}
