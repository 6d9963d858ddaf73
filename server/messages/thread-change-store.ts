import type { Pool, PoolClient } from 'pg'
import type { ThreadSide } from '../../domain/api/api-contract'
import type { Locale } from '../../domain/locales'
import { threadLimits } from '../../domain/requests/thread-limits'
import { noteActivity } from '../db/request-activity'
import { inTransaction } from '../db/transaction'
import { watcherFreshSeconds } from '../live/stream-admission'
import { notificationPayload, threadChannel } from '../live/thread-events'
import { kindLiteral } from '../mail/mail-kind'
import { digestMailKinds } from './digest-mail-kinds'
import { type MessageRow, messageColumns, type Thread, type Viewer } from './thread-store'

/**
 * What changes a conversation: a new message (with its files, its live event and the other
 * side's digest mail) and a read mark. What reads one is `thread-store.ts`.
 */

export type NewMessage = {
  readonly thread: Thread
  readonly author: Viewer
  readonly internal: boolean
  readonly body: string
  /** Upload ids, in the order attached. */
  readonly fileIds: readonly string[]
  /** The app's clock now: a digest due after it still collects messages. */
  readonly now: Date
  /** When the digest of a side that does not have the thread open is sent. */
  readonly digestDueAt: Date
  /** Where the agency's digest goes (AGENCY_EMAIL). */
  readonly agencyEmail: string
  /** AGENCY_LANGUAGE: the agency's digest is written in it. */
  readonly agencyLocale: Locale
  /** A reply by email: its `Message-ID` (the same mail delivered again is stored once). */
  readonly mailMessageId?: string | undefined
}

export type SendOutcome =
  | { readonly outcome: 'sent'; readonly row: MessageRow; readonly mailIds: readonly number[] }
  | { readonly outcome: 'invalid_files' }
  | { readonly outcome: 'quota_exceeded' }
  /** A reply by email whose `Message-ID` this thread already has: nothing stored. */
  | { readonly outcome: 'duplicate' }

/**
 * Stores a message in one transaction, serialised per thread: the message; its files (each an
 * upload of the author's, for this request, stored and not yet sent — otherwise nothing is
 * stored); the request's sent bytes checked against the limit; the live event (delivered at
 * commit); and, unless it is an internal note or the other side has the thread open on some
 * instance, the other side's digest mail — one per thread and side while it waits, due
 * `digestDueAt`, so several messages make one mail.
 */
export async function insertMessage(pool: Pool, message: NewMessage): Promise<SendOutcome> {
  const { thread, author } = message
  const stored = await inTransaction(pool, async (client, rollback) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('thread:' || $1, 0))", [
      thread.requestId,
    ])
    // The unique index on (request_id, mail_message_id) decides a mail delivered twice, even to
    // two instances at once: the second insert waits for the first's commit, then does nothing.
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO thread_messages (request_id, author_id, side, internal, body, mail_message_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (request_id, mail_message_id) DO NOTHING RETURNING id`,
      [
        thread.requestId,
        author.userId,
        author.side,
        message.internal,
        message.body,
        message.mailMessageId ?? null,
      ],
    )
    const id = inserted.rows[0]?.id
    if (!id) {
      if (message.mailMessageId === undefined) throw new Error('The message insert returned no row')
      rollback()
      return { outcome: 'duplicate' } as const
    }
    // The client sees no internal note: it moves nothing in the inbox's order either.
    if (!message.internal) await noteActivity(client, thread.requestId)
    if (message.fileIds.length > 0) {
      const attached = await client.query(
        `UPDATE thread_files SET message_id = $1, position = (a.ord - 1)::smallint
         FROM unnest($2::uuid[]) WITH ORDINALITY AS a (id, ord)
         WHERE thread_files.id = a.id AND thread_files.request_id = $3
           AND thread_files.owner_id = $4 AND thread_files.message_id IS NULL
           AND thread_files.stored_at IS NOT NULL`,
        [id, message.fileIds, thread.requestId, author.userId],
      )
      if (attached.rowCount !== message.fileIds.length) {
        rollback()
        return { outcome: 'invalid_files' } as const
      }
      const sent = await client.query<{ total: string }>(
        `SELECT coalesce(sum(size), 0) AS total FROM thread_files
         WHERE request_id = $1 AND message_id IS NOT NULL`,
        [thread.requestId],
      )
      if (Number(sent.rows[0]?.total ?? 0) > threadLimits.requestBytes) {
        rollback()
        return { outcome: 'quota_exceeded' } as const
      }
    }
    await client.query('SELECT pg_notify($1, $2)', [
      threadChannel,
      notificationPayload({
        kind: 'message',
        requestId: thread.requestId,
        messageId: id,
        side: author.side,
        internal: message.internal,
      }),
    ])
    const mailIds = message.internal ? [] : await queueDigest(client, message, id)
    const { rows } = await client.query<MessageRow>(`SELECT ${messageColumns} WHERE m.id = $1`, [
      id,
    ])
    return { outcome: 'sent', row: rows[0], mailIds } as const
  })
  if (stored.outcome !== 'sent') return stored
  if (!stored.row) throw new Error('The new message is gone')
  return { outcome: 'sent', row: stored.row, mailIds: stored.mailIds }
}

/**
 * The other side's digest: nothing when that side has a fresh stream on the thread, or when its
 * digest already waits (not yet due, not yet claimed); else a new one, due `digestDueAt`,
 * starting at this message.
 */
async function queueDigest(
  client: PoolClient,
  message: NewMessage,
  messageId: string,
): Promise<number[]> {
  const recipient: ThreadSide = message.author.side === 'client' ? 'agency' : 'client'
  const kind = recipient === 'client' ? digestMailKinds.client : digestMailKinds.agency
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, recipient, locale, user_id, thread_message_id, next_attempt_at)
     SELECT ${kindLiteral(kind)}, CASE WHEN $3 = 'client' THEN u.email ELSE $4 END,
       CASE WHEN $3 = 'client' THEN u.locale ELSE $7 END,
       CASE WHEN $3 = 'client' THEN u.id END, $2, $5
     FROM service_requests r JOIN users u ON u.id = r.user_id
     WHERE r.id = $1
       AND NOT EXISTS (SELECT 1 FROM thread_watchers w
         WHERE w.request_id = $1 AND w.side = $3
           AND w.seen_at > now() - make_interval(secs => ${watcherFreshSeconds})
           -- A revoked admin's stream, until its instance ends it, does not count.
           AND (w.side = 'client' OR EXISTS (SELECT 1 FROM users a
             WHERE a.id = w.user_id AND a.role = 'admin')))
       AND NOT EXISTS (SELECT 1 FROM mail_outbox o JOIN thread_messages first ON first.id = o.thread_message_id
         WHERE first.request_id = $1 AND o.kind = ${kindLiteral(kind)} AND o.status = 'pending'
           AND o.attempts = 0 AND o.next_attempt_at > $6)
     RETURNING id`,
    [
      message.thread.requestId,
      messageId,
      recipient,
      message.agencyEmail,
      message.digestDueAt,
      message.now,
      message.agencyLocale,
    ],
  )
  return rows.map((row) => Number(row.id))
}

/**
 * Moves the viewer's read mark up to `upTo` (never back, never past the thread's newest
 * message) and tells the other side's streams, in the same transaction: the mark, and the newest
 * public message up to it (what a client's stream relays: never a note's id). The notification
 * is written by `notificationPayload`, as a new message's is. Resolves with the mark.
 */
export async function markRead(
  pool: Pool,
  thread: Thread,
  viewer: Viewer,
  upTo: string,
): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ up_to: string; public_up_to: string }>(
      `WITH mark AS (
         INSERT INTO thread_reads (user_id, request_id, up_to)
         VALUES ($1, $2, least($3::bigint,
           (SELECT coalesce(max(id), 0) FROM thread_messages WHERE request_id = $2)))
         ON CONFLICT (user_id, request_id) DO UPDATE
           SET up_to = greatest(thread_reads.up_to, excluded.up_to), read_at = now()
         RETURNING up_to
       )
       SELECT up_to, (SELECT coalesce(max(id), 0) FROM thread_messages
           WHERE request_id = $2 AND NOT internal AND id <= up_to) AS public_up_to
       FROM mark`,
      [viewer.userId, thread.requestId, upTo],
    )
    const mark = rows[0]
    if (!mark) throw new Error('The read mark returned no row')
    await client.query('SELECT pg_notify($1, $2)', [
      threadChannel,
      notificationPayload({
        kind: 'read',
        requestId: thread.requestId,
        side: viewer.side,
        upTo: String(mark.up_to),
        publicUpTo: String(mark.public_up_to),
      }),
    ])
    return Number(mark.up_to)
  })
}
