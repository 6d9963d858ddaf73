import type { Pool } from 'pg'
import type {
  AgencyThreadMessage,
  ThreadFile,
  ThreadMessage,
  ThreadReadMark,
  ThreadSide,
} from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import { isAcceptedMediaType, threadLimits } from '../../domain/requests/thread-limits'

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
  author_first_name: string
  files: { id: string; name: string; size: number; media_type: string; sha256: string }[]
}

/** A message with its author's name and its files (in the order attached). */
export const messageColumns = `m.id, m.side, m.internal, m.body, m.created_at, m.author_id,
  coalesce(trim(u.name || ' ' || u.last_name), '') AS author_name,
  coalesce(trim(u.name), '') AS author_first_name,
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

/**
 * The client's view of a message: nothing of the agency's internals, and of its people only
 * the first name (the client knows whom they write with, not their account's details).
 */
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
    authorName: row.author_first_name,
    authorId: row.author_id,
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

/**
 * How far the other side has read the thread: for the agency, the client's mark; for the
 * client, the furthest of the agency's people, counted up to the newest message the client may
 * see (a note's id never reaches the client). Undefined until the other side has read it.
 */
export async function otherSideReadMark(
  pool: Pool,
  thread: Thread,
  viewer: Viewer,
): Promise<ThreadReadMark | undefined> {
  const { rows } = await pool.query<{ up_to: string | null; read_at: Date }>(
    `SELECT (SELECT max(m.id) FROM thread_messages m
         WHERE m.request_id = t.request_id AND m.id <= t.up_to AND ($3 OR NOT m.internal)) AS up_to,
       t.read_at
     FROM thread_reads t
     WHERE t.request_id = $1 AND (t.user_id = $2) = $3
     ORDER BY t.up_to DESC, t.read_at DESC LIMIT 1`,
    [thread.requestId, thread.clientId, viewer.side === 'agency'],
  )
  const row = rows[0]
  return row?.up_to
    ? { upTo: String(row.up_to), at: new Date(row.read_at).toISOString() }
    : undefined
}

export type ThreadPageRows = {
  readonly rows: MessageRow[]
  readonly olderCursor: string | null
  readonly newCount: number
  readonly upTo: number
  readonly seen: ThreadReadMark | undefined
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
  const [page, unread, seen] = await Promise.all([
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
    otherSideReadMark(pool, thread, viewer),
  ])
  const rows = page.rows.slice(0, pageSize)
  const oldest = rows.at(-1)
  return {
    rows: rows.reverse(),
    olderCursor: page.rows.length > pageSize && oldest ? String(oldest.id) : null,
    newCount: Number(unread.rows[0]?.count ?? 0),
    upTo,
    seen,
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

/**
 * Per request: the messages new to the viewer, whether the agency owes a reply and, when it
 * does, since when (the client's last message).
 */
export type ThreadState = {
  readonly newMessages: number
  readonly awaitingReply: boolean
  readonly awaitingSince: Date | null
}

export async function threadStates(
  pool: Pool,
  requestIds: readonly string[],
  viewer: Viewer,
): Promise<Map<string, ThreadState>> {
  if (requestIds.length === 0) return new Map()
  const { rows } = await pool.query<{
    id: string
    new_messages: string
    awaiting_since: Date | null
  }>(
    `SELECT r.id,
       (SELECT count(*) FROM thread_messages m
        WHERE m.request_id = r.id AND m.side <> $2 AND NOT m.internal
          AND m.id > coalesce((SELECT up_to FROM thread_reads t
            WHERE t.user_id = $3 AND t.request_id = r.id), 0)) AS new_messages,
       (SELECT CASE WHEN m.side = 'client' THEN m.created_at END FROM thread_messages m
        WHERE m.request_id = r.id AND NOT m.internal ORDER BY m.id DESC LIMIT 1) AS awaiting_since
     FROM unnest($1::uuid[]) AS r (id)`,
    [requestIds, viewer.side, viewer.userId],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        newMessages: Number(row.new_messages),
        awaitingReply: row.awaiting_since !== null,
        awaitingSince: row.awaiting_since,
      },
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
