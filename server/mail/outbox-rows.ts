import type { Pool, PoolClient } from 'pg'
import { isLocale } from '../../domain/locales'
import type { mailOutbox } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { inTransaction } from '../db/transaction'
import { type MailKindRegistry, type PreparedMail, referenceColumns } from './mail-kind'
import { deleteLink, type MintedLink, retireOlderLinks } from './outbox-links'
import type { ReplyAddresses } from './reply-address'

/**
 * The outbox's rows, one statement (or one short transaction) per step of a mail's delivery:
 * claimed for a lease, composed with its token committed, then marked sent or failed. The worker
 * (`outbox-worker.ts`) decides when each step runs; these decide what it writes.
 */

/** `attempts` counts the attempt under way (the claim counts it). */
export type OutboxRow = SqlColumns<
  typeof mailOutbox,
  | 'id'
  | 'kind'
  | 'recipient'
  | 'locale'
  | 'user_id'
  | 'enquiry_id'
  | 'request_history_id'
  | 'thread_message_id'
  | 'proposal_event_id'
  | 'attempts'
>

const claimColumns =
  'id, kind, recipient, locale, user_id, enquiry_id, request_history_id, thread_message_id, proposal_event_id, attempts'

/** A link mail that waited longer than its token lives is stale: the visitor has moved on. */
export async function expireStaleLinkMails(pool: Pool, kinds: MailKindRegistry): Promise<void> {
  const linkKinds = [...kinds.values()].filter((kind) => kind.linkLifetimeSeconds !== undefined)
  await pool.query(
    `UPDATE mail_outbox SET status = 'expired'
     FROM unnest($1::text[], $2::int[]) AS link (kind, seconds)
     WHERE mail_outbox.kind = link.kind AND status = 'pending' AND next_attempt_at <= now()
       AND created_at < now() - make_interval(secs => link.seconds)`,
    [linkKinds.map((kind) => kind.name), linkKinds.map((kind) => kind.linkLifetimeSeconds)],
  )
}

/** Takes up to `batchSize` due rows for this instance alone, for `leaseSeconds`. */
export async function claimDue(
  pool: Pool,
  batchSize: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  const { rows } = await pool.query<OutboxRow>(
    `UPDATE mail_outbox
     SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING ${claimColumns}`,
    [batchSize, leaseSeconds],
  )
  return rows.sort((a, b) => Number(a.id) - Number(b.id))
}

/** Claimed rows whose mail was never handed to SMTP: due again at once, the attempt uncounted. */
export async function releaseClaims(pool: Pool, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return
  await pool.query(
    `UPDATE mail_outbox SET attempts = attempts - 1, next_attempt_at = now()
     WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
    [rows.map((row) => row.id)],
  )
}

/**
 * What composing a row needs: the kinds, the site's address for its links and, while replies by
 * email are received, how the reply addresses of the mails about a request are made.
 */
export type ComposeSettings = {
  readonly kinds: MailKindRegistry
  readonly publicUrl: string
  readonly replies?: ReplyAddresses | undefined
}

/** The mail a row stands for (by its kind), or undefined when there is nothing to send. */
async function compose(
  client: PoolClient,
  { kinds, publicUrl, replies }: ComposeSettings,
  row: OutboxRow,
): Promise<PreparedMail | undefined> {
  const kind = kinds.get(row.kind)
  if (!kind) return undefined
  const context = { client, locale: isLocale(row.locale) ? row.locale : 'en', publicUrl, replies }
  if (kind.references === 'none') return kind.compose(context)
  const reference = row[referenceColumns[kind.references]]
  return reference === null ? undefined : kind.compose(context, reference)
}

/**
 * Composes a claimed row and commits its token; a row with nothing to send is closed in the
 * same transaction.
 */
export function prepareMail(
  pool: Pool,
  settings: ComposeSettings,
  row: OutboxRow,
): Promise<PreparedMail | undefined> {
  return inTransaction(pool, async (client) => {
    const prepared = await compose(client, settings, row)
    if (!prepared) {
      // A recovery request for an address without an account, an address confirmed in the
      // meantime: nothing to send. The row is kept like a sent one.
      await client.query(
        `UPDATE mail_outbox SET status = 'dropped', last_error = 'no account' WHERE id = $1`,
        [row.id],
      )
    }
    return prepared
  })
}

/** The last trace of a deleted account: deleted once sent or given up. */
const deletedWhenDone = (kinds: MailKindRegistry, row: OutboxRow) =>
  kinds.get(row.kind)?.deleteWhenDone === true

export function markSent(
  pool: Pool,
  kinds: MailKindRegistry,
  row: OutboxRow,
  link: MintedLink | undefined,
): Promise<void> {
  return inTransaction(pool, async (client) => {
    if (link) await retireOlderLinks(client, link)
    // The deletion notice is the last trace of a deleted account: gone once sent.
    await client.query(
      deletedWhenDone(kinds, row)
        ? 'DELETE FROM mail_outbox WHERE id = $1'
        : `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
      [row.id],
    )
  })
}

/** A failed attempt: why, whether it was the last, and when the next one is due. */
export type FailedAttempt = {
  readonly reason: string
  readonly giveUp: boolean
  readonly retryInSeconds: number
}

export function markFailed(
  pool: Pool,
  kinds: MailKindRegistry,
  row: OutboxRow,
  link: MintedLink | undefined,
  { reason, giveUp, retryInSeconds }: FailedAttempt,
): Promise<void> {
  return inTransaction(pool, async (client) => {
    if (link) await deleteLink(client, link)
    if (giveUp && deletedWhenDone(kinds, row)) {
      await client.query('DELETE FROM mail_outbox WHERE id = $1', [row.id])
      return
    }
    await client.query(
      `UPDATE mail_outbox SET last_error = $2,
         status = CASE WHEN $3 THEN 'failed' ELSE status END,
         next_attempt_at = now() + make_interval(secs => $4)
       WHERE id = $1`,
      [row.id, reason, giveUp, retryInSeconds],
    )
  })
}
