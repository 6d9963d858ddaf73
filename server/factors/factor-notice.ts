import type { Pool, PoolClient } from 'pg'
import type { MailNotifier } from '../http/api-env'
import { kindLiteral, type MailKind } from '../mail/mail-kind'

/**
 * Puts a factor notice for the account in the outbox (in `db`'s transaction when it is one), in
 * the account's language; the caller tells `mail` once the change is committed.
 */
export async function queueFactorNotice(
  db: Pool | PoolClient,
  kind: MailKind,
  userId: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, recipient, locale, user_id)
     SELECT ${kindLiteral(kind)}, email, locale, id FROM users WHERE id = $1 RETURNING id`,
    [userId],
  )
  return rows[0] ? Number(rows[0].id) : undefined
}

export function notify(mail: MailNotifier, outboxId: number | undefined): void {
  if (outboxId !== undefined) mail.queued(outboxId)
}
