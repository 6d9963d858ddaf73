import type { Pool, PoolClient } from 'pg'
import type { ThreadFile } from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import type { AcceptedMediaType } from '../../domain/requests/thread-limits'
import { inTransaction } from '../db/transaction'
import { toThreadFile } from '../messages/thread-store'

/**
 * Files live in PostgreSQL, in chunks of `chunkBytes` (table thread_file_chunks), so every
 * instance on the database serves every file and nothing else needs backing up. Chunks are
 * written as they arrive and read one at a time: no file is ever whole in memory
 * (docs/decisions/039-workspace-files-and-live-events.md says how a larger deployment moves the
 * bytes to object storage behind these same functions).
 */
export const chunkBytes = 256 * 1024

/** The pool, or the one connection an upload's body is stored through (its transaction). */
type Queryable = Pool | PoolClient

export type FileRow = {
  id: string
  request_id: string
  message_id: string | null
  name: string
  size: string
  media_type: string
  sha256: string
}

/**
 * A new upload's row, not yet stored (no message may send it until `finishUpload`), holding
 * `reservedBytes` of the request's room until it is finished (then its real size) or discarded.
 * The request's room is every file of it: sent, uploaded and waiting for its message, or still
 * arriving; it may not pass `limits.requestBytes`, and one person may have at most
 * `limits.unsentFiles` uploads waiting or arriving in it. Checked and taken under the request's
 * lock, so uploads sent at once cannot together pass either.
 */
export async function startUpload(
  pool: Pool,
  upload: {
    readonly requestId: string
    readonly ownerId: string
    readonly name: string
    readonly reservedBytes: number
  },
  limits: { readonly requestBytes: number; readonly unsentFiles: number },
): Promise<{ readonly id: string } | 'quota_exceeded' | 'too_many_files'> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('uploads:' || $1, 0))", [
      upload.requestId,
    ])
    const { rows: room } = await client.query<{ bytes: string; unsent: number }>(
      `SELECT coalesce(sum(size), 0) AS bytes,
         count(*) FILTER (WHERE message_id IS NULL AND owner_id = $2)::int AS unsent
       FROM thread_files WHERE request_id = $1`,
      [upload.requestId, upload.ownerId],
    )
    if ((room[0]?.unsent ?? 0) >= limits.unsentFiles) return 'too_many_files' as const
    if (Number(room[0]?.bytes ?? 0) + upload.reservedBytes > limits.requestBytes)
      return 'quota_exceeded' as const
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO thread_files (request_id, owner_id, name, size) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [upload.requestId, upload.ownerId, upload.name, upload.reservedBytes],
    )
    const id = rows[0]?.id
    if (!id) throw new Error('The upload insert returned no row')
    return { id }
  })
}

export async function writeChunk(db: Queryable, fileId: string, seq: number, data: Buffer) {
  await db.query('INSERT INTO thread_file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
    fileId,
    seq,
    data,
  ])
}

/** An upload that will never be finished (refused, cut, too large): its row and its chunks. */
export async function discardUpload(pool: Pool, fileId: string): Promise<void> {
  await pool.query('DELETE FROM thread_files WHERE id = $1 AND stored_at IS NULL', [fileId])
}

/**
 * Marks the upload stored with what was recognised, under its stored name (`storedFileName`),
 * its size now the real one (never more than it reserved at `startUpload`, so the request's
 * room still holds). The message that sends it checks the request's sent files again.
 */
export async function finishUpload(
  db: Queryable,
  file: {
    readonly id: string
    readonly name: string
    readonly size: number
    readonly sha256: string
    readonly type: AcceptedMediaType
  },
): Promise<ThreadFile> {
  const { rows } = await db.query<FileRow>(
    `UPDATE thread_files SET name = $2, size = $3, sha256 = $4, media_type = $5, stored_at = now()
     WHERE id = $1 RETURNING id, request_id, message_id, name, size, media_type, sha256`,
    [file.id, file.name, file.size, file.sha256, file.type],
  )
  const stored = rows[0]
  if (!stored) throw new Error('The finished upload is gone')
  return toThreadFile(stored)
}

/**
 * A stored file of `requestId` that a message has sent (undefined otherwise: an upload waiting
 * for its message is its uploader's alone, and not downloadable).
 */
export async function loadSentFile(
  pool: Pool,
  requestId: Uuid,
  fileId: Uuid,
  { includeInternal }: { readonly includeInternal: boolean },
): Promise<FileRow | undefined> {
  const { rows } = await pool.query<FileRow>(
    `SELECT f.id, f.request_id, f.message_id, f.name, f.size, f.media_type, f.sha256
     FROM thread_files f JOIN thread_messages m ON m.id = f.message_id
     WHERE f.id = $1 AND f.request_id = $2 AND f.stored_at IS NOT NULL
       AND ($3 OR NOT m.internal)`,
    [fileId, requestId, includeInternal],
  )
  return rows[0]
}

/** Every file of the thread shared with the client (no internal note's), in the thread's order. */
export async function listClientFiles(
  pool: Pool,
  requestId: string,
): Promise<(FileRow & { sent_at: Date })[]> {
  const { rows } = await pool.query<FileRow & { sent_at: Date }>(
    `SELECT f.id, f.request_id, f.message_id, f.name, f.size, f.media_type, f.sha256,
       m.created_at AS sent_at
     FROM thread_files f JOIN thread_messages m ON m.id = f.message_id
     WHERE f.request_id = $1 AND f.stored_at IS NOT NULL AND NOT m.internal
     ORDER BY m.id, f.position`,
    [requestId],
  )
  return rows
}

/**
 * The bytes `start`–`end` (inclusive) of a stored file, one chunk per query: a slow reader holds
 * one chunk, never the file.
 */
export async function* readFileBytes(
  db: Queryable,
  fileId: string,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  if (end < start) return
  const first = Math.floor(start / chunkBytes)
  const last = Math.floor(end / chunkBytes)
  for (let seq = first; seq <= last; seq += 1) {
    const { rows } = await db.query<{ data: Buffer }>(
      'SELECT data FROM thread_file_chunks WHERE file_id = $1 AND seq = $2',
      [fileId, seq],
    )
    const data = rows[0]?.data
    if (!data) throw new Error(`Chunk ${seq} of file ${fileId} is missing`)
    const from = seq === first ? start - seq * chunkBytes : 0
    const to = seq === last ? end - seq * chunkBytes + 1 : data.length
    yield data.subarray(from, to)
  }
}

/**
 * A range of a file being uploaded (its chunks so far, read in the upload's own transaction),
 * for the sniffer's look at a ZIP.
 */
export async function readStoredRange(
  db: Queryable,
  fileId: string,
  offset: number,
  length: number,
): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of readFileBytes(db, fileId, offset, offset + length - 1)) parts.push(part)
  return Buffer.concat(parts)
}
