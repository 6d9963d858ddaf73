import type { Handler } from 'hono'
import { createDeleteAccountSchema } from '../../domain/accounts/account-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { success } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { emailSubject } from '../security/rate-limit'
import { endBrowserSession } from '../sessions/browser-session'
import { refuseWrongPassword } from './current-password'
import { meMessages as m } from './me-messages'

/**
 * One statement: the account goes, and with it (ON DELETE CASCADE) its sessions, verification
 * and reset tokens, outbox rows and service requests (with their history and their mails, the
 * agency's copies included); the rate-limit counters keyed by its address's hash go too.
 * What remains is the confirmation mail's outbox row, which names only the address, belongs to
 * no account, and is deleted once sent (server/mail/outbox-worker.ts).
 */
const deleteSql = `
WITH gone AS (
  DELETE FROM users WHERE id = $1 RETURNING email, locale
), counters AS (
  DELETE FROM rate_limits WHERE right(key, length($2) + 1) = ':' || $2
), notice AS (
  INSERT INTO mail_outbox (kind, recipient, locale, user_id)
  SELECT ${kindLiteral(accountMailKinds.accountDeleted)}, email, locale, NULL FROM gone
  RETURNING id
)
SELECT id AS notice_id FROM notice`

/** `DELETE /api/v1/me` `{ password }`: deletes the account and its data, and signs out. */
export function deleteAccountHandler(deps: ApiDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale(createDeleteAccountSchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const wrong = await refuseWrongPassword(c, deps, admitted.input.password, 'password')
    if (wrong) return wrong
    const result = await deps.pool.query<{ notice_id: string }>(deleteSql, [
      user.id,
      emailSubject(user.email),
    ])
    const notice = result.rows[0]
    if (notice) deps.mail.queued(Number(notice.notice_id))
    await endBrowserSession(c, deps)
    securityEvent(c, 'account.deleted', { accountId: user.id })
    return success(c, 'deleteAccount', c.get('t')(m.accountDeleted))
  }
}
