import type { Pool, PoolClient } from 'pg'
import type {
  AgencyThreadMessage,
  ThreadFile,
  ThreadMessage,
  ThreadSide,
} from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import type { Locale } from '../../domain/locales'
import { isAcceptedMediaType, threadLimits } from '../../domain/requests/thread-limits'
import { inTransaction } from '../db/transaction'
import { watcherFreshSeconds } from '../live/stream-admission'
import { notificationPayload, threadChannel } from '../live/thread-events'
import { kindLiteral } from '../mail/mail-kind'
import { digestMailKinds } from './digest-mail-kinds'

/** Who reads a thread: the request's client, or an admin (any request). */
export type Viewer = { readonly side: ThreadSide; readonly userId: string }

/** A thread the viewer may open: its request and the request's client. */
export type Thread = { readonly requestId: Uuid; readonly clientId: string }

/**
 * The thread of `requestId` if `viewer` may open it: the client only their own request, an
 * admin any (the admin gate has checked the role). Undefined for an id that is not a request
 * and for another client's: the caller answers both with the same 404.
 */
export async function openThread(
  pool: Pool,
  requestId: Uuid,
  viewer: Viewer,
): Promise<Thread | undefined> {
  const { rows } = await pool.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM service_requests WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2)`,
    [requestId, viewer.side === 'client' ? viewer.userId : null],
  )
  const row = rows[0]
  return row && { requestId, clientId: row.user_id }
}

export type MessageRow = {
  id: string
  side: string
  internal: boolean
  body: string
  created_at: Date
  author_id: string | null
  author_name: string
  files: { id: string; name: string; size: number; media_type: string; sha256: string }[]
}

/** A message with its author's name and its files (in the order attached). */
const messageColumns = `m.id, m.side, m.internal, m.body, m.created_at, m.author_id,
  coalesce(trim(u.name || ' ' || u.last_name), '') AS author_name,
  coalesce((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size,
      'media_type', f.media_type, 'sha256', f.sha256) ORDER BY f.position)
    FROM thread_files f WHERE f.message_id = m.id), '[]'::json) AS files
  FROM thread_messages m LEFT JOIN users u ON u.id = m.author_id`

/**
 * A stored file as the API shows it, from its row or from a message's list of files; a media
 * type no longer accepted shows as plain text.
 */
export function toThreadFile(file: {
  readonly id: string
  readonly name: string
  readonly size: string | number
  readonly media_type: string
  readonly sha256: string
}): ThreadFile {
  return {
    id: file.id,
    name: file.name,
    size: Number(file.size),
    type: isAcceptedMediaType(file.media_type) ? file.media_type : 'text/plain',
    sha256: file.sha256,
  }
}

const side = (value: string): ThreadSide => (value === 'agency' ? 'agency' : 'client')

/** The client's view of a message: nothing of the agency's internals. */
function toClientMessage(row: MessageRow, viewer: Viewer, upTo: number): ThreadMessage {
  const author = side(row.side)
  return {
    id: String(row.id),
    side: author,
    mine: row.author_id === viewer.userId,
    body: row.body,
    files: row.files.map(toThreadFile),
    createdAt: new Date(row.created_at).toISOString(),
    isNew: author !== viewer.side && Number(row.id) > upTo,
  }
}

function toAgencyMessage(row: MessageRow, viewer: Viewer, upTo: number): AgencyThreadMessage {
  return {
    ...toClientMessage(row, viewer, upTo),
    authorName: row.author_name,
    internal: row.internal,
  }
}

/** The message as `viewer` may see it (the client never receives an internal note). */
export function toViewerMessage(
  row: MessageRow,
  viewer: Viewer,
  upTo: number,
): ThreadMessage | AgencyThreadMessage {
  return viewer.side === 'agency'
    ? toAgencyMessage(row, viewer, upTo)
    : toClientMessage(row, viewer, upTo)
}

/** How far `userId` has read the thread (0: nothing yet). */
export async function readMark(pool: Pool, requestId: string, userId: string): Promise<number> {
  const { rows } = await pool.query<{ up_to: string }>(
    'SELECT up_to FROM thread_reads WHERE user_id = $1 AND request_id = $2',
    [userId, requestId],
  )
  return Number(rows[0]?.up_to ?? 0)
}

export type ThreadPageRows = {
  readonly rows: MessageRow[]
  readonly olderCursor: string | null
  readonly newCount: number
  readonly upTo: number
}

/**
 * The newest `pageSize` messages before `before` (all when null), oldest first; the client's
 * view leaves internal notes out in SQL, so they never leave the database for a client.
 */
export async function loadThreadPage(
  pool: Pool,
  thread: Thread,
  viewer: Viewer,
  before: string | null,
  pageSize: number = threadLimits.pageSize,
): Promise<ThreadPageRows> {
  const agency = viewer.side === 'agency'
  const upTo = await readMark(pool, thread.requestId, viewer.userId)
  const [page, unread] = await Promise.all([
    pool.query<MessageRow>(
      `SELECT ${messageColumns}
       WHERE m.request_id = $1 AND ($2 OR NOT m.internal) AND ($3::bigint IS NULL OR m.id < $3)
       ORDER BY m.id DESC LIMIT $4`,
      [thread.requestId, agency, before, pageSize + 1],
    ),
    pool.query<{ count: string }>(
      `SELECT count(*) FROM thread_messages
       WHERE request_id = $1 AND side <> $2 AND NOT internal AND id > $3`,
      [thread.requestId, viewer.side, upTo],
    ),
  ])
  const rows = page.rows.slice(0, pageSize)
  const oldest = rows.at(-1)
  return {
    rows: rows.reverse(),
    olderCursor: page.rows.length > pageSize && oldest ? String(oldest.id) : null,
    newCount: Number(unread.rows[0]?.count ?? 0),
    upTo,
  }
}

/** The messages after `afterId`, oldest first (a stream catching up). */
export async function loadMessagesAfter(
  pool: Pool,
  requestId: string,
  viewer: Viewer,
  afterId: number,
  limit = 200,
): Promise<MessageRow[]> {
  const { rows } = await pool.query<MessageRow>(
    `SELECT ${messageColumns}
     WHERE m.request_id = $1 AND ($2 OR NOT m.internal) AND m.id > $3
     ORDER BY m.id LIMIT $4`,
    [requestId, viewer.side === 'agency', afterId, limit],
  )
  return rows
}

/**
 * One message of the thread, for every stream of an instance that a live event reaches (the
 * caller leaves a note out of a client's stream, as the event already says what it is).
 */
export async function loadMessage(
  pool: Pool,
  requestId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  if (!/^\d{1,18}$/.test(messageId)) return undefined
  const { rows } = await pool.query<MessageRow>(
    `SELECT ${messageColumns} WHERE m.id = $1 AND m.request_id = $2`,
    [messageId, requestId],
  )
  return rows[0]
}

/** The id of the thread's newest message the viewer may see (0 for none). */
export async function newestMessageId(
  pool: Pool,
  requestId: string,
  viewer: Viewer,
): Promise<number> {
  const { rows } = await pool.query<{ id: string | null }>(
    `SELECT max(id) AS id FROM thread_messages WHERE request_id = $1 AND ($2 OR NOT internal)`,
    [requestId, viewer.side === 'agency'],
  )
  return Number(rows[0]?.id ?? 0)
}

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
}

export type SendOutcome =
  | { readonly outcome: 'sent'; readonly row: MessageRow; readonly mailIds: readonly number[] }
  | { readonly outcome: 'invalid_files' }
  | { readonly outcome: 'quota_exceeded' }

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
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO thread_messages (request_id, author_id, side, internal, body)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [thread.requestId, author.userId, author.side, message.internal, message.body],
    )
    const id = inserted.rows[0]?.id
    if (!id) throw new Error('The message insert returned no row')
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
 * message) and tells the other side's streams: the mark, and the newest public message up to it
 * (what a client's stream relays: never a note's id). Resolves with the mark.
 */
export async function markRead(
  pool: Pool,
  thread: Thread,
  viewer: Viewer,
  upTo: string,
): Promise<number> {
  const { rows } = await pool.query<{ up_to: string }>(
    `WITH mark AS (
       INSERT INTO thread_reads (user_id, request_id, up_to)
       VALUES ($1, $2, least($3::bigint,
         (SELECT coalesce(max(id), 0) FROM thread_messages WHERE request_id = $2)))
       ON CONFLICT (user_id, request_id) DO UPDATE
         SET up_to = greatest(thread_reads.up_to, excluded.up_to), read_at = now()
       RETURNING up_to
     )
     SELECT up_to, pg_notify($4, json_build_object('k', 'r', 'r', $2::text, 's', $5::text,
       'u', up_to::text,
       'c', (SELECT coalesce(max(id), 0) FROM thread_messages
         WHERE request_id = $2 AND NOT internal AND id <= up_to)::text)::text) FROM mark`,
    [viewer.userId, thread.requestId, upTo, threadChannel, viewer.side],
  )
  return Number(rows[0]?.up_to ?? 0)
}

/** Per request: the messages new to the viewer and whether the agency owes a reply. */
export type ThreadState = { readonly newMessages: number; readonly awaitingReply: boolean }

export async function threadStates(
  pool: Pool,
  requestIds: readonly string[],
  viewer: Viewer,
): Promise<Map<string, ThreadState>> {
  if (requestIds.length === 0) return new Map()
  const { rows } = await pool.query<{ id: string; new_messages: string; awaiting: boolean }>(
    `SELECT r.id,
       (SELECT count(*) FROM thread_messages m
        WHERE m.request_id = r.id AND m.side <> $2 AND NOT m.internal
          AND m.id > coalesce((SELECT up_to FROM thread_reads t
            WHERE t.user_id = $3 AND t.request_id = r.id), 0)) AS new_messages,
       coalesce((SELECT m.side = 'client' FROM thread_messages m
        WHERE m.request_id = r.id AND NOT m.internal ORDER BY m.id DESC LIMIT 1), false) AS awaiting
     FROM unnest($1::uuid[]) AS r (id)`,
    [requestIds, viewer.side, viewer.userId],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      { newMessages: Number(row.new_messages), awaitingReply: row.awaiting },
    ]),
  )
}

/** SQL: the request `r` awaits the agency's reply (its last public message is the client's). */
export const awaitingReplyCondition = `coalesce((SELECT m.side = 'client' FROM thread_messages m
  WHERE m.request_id = r.id AND NOT m.internal ORDER BY m.id DESC LIMIT 1), false)`

/** The account menu's badge: threads awaiting the agency's reply. */
export async function unansweredThreads(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    `SELECT count(*) FROM service_requests r WHERE ${awaitingReplyCondition}`,
  )
  return Number(rows[0]?.count ?? 0)
}

/** What the account export holds of a client's conversations: never an internal note. */
export type ExportedMessage = {
  readonly requestId: string
  readonly side: ThreadSide
  readonly body: string
  readonly createdAt: string
  readonly files: readonly Omit<ThreadFile, 'id' | 'type'>[]
}

export async function exportClientMessages(pool: Pool, userId: string): Promise<ExportedMessage[]> {
  const { rows } = await pool.query<{
    request_id: string
    side: string
    body: string
    created_at: Date
    files: { name: string; size: number; sha256: string }[]
  }>(
    `SELECT m.request_id, m.side, m.body, m.created_at,
       coalesce((SELECT json_agg(json_build_object('name', f.name, 'size', f.size,
           'sha256', f.sha256) ORDER BY f.position)
         FROM thread_files f WHERE f.message_id = m.id), '[]'::json) AS files
     FROM thread_messages m JOIN service_requests r ON r.id = m.request_id
     WHERE r.user_id = $1 AND NOT m.internal
     ORDER BY m.request_id, m.id`,
    [userId],
  )
  return rows.map((row) => ({
    requestId: row.request_id,
    side: side(row.side),
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    files: row.files.map((file) => ({
      name: file.name,
      size: Number(file.size),
      sha256: file.sha256,
    })),
  }))
}
