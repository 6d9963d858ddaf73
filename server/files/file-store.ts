import type { Pool, PoolClient } from 'pg'
import type { ThreadFile } from '../../domain/api/api-contract'
import type { Uuid } from '../../domain/ids/uuid'
import type { AcceptedMediaType } from '../../domain/requests/thread-limits'
import { inTransaction } from '../db/transaction'
import { toThreadFile } from '../messages/thread-store'
import type { FileStorage } from '../storage/byte-store'
import type { FileBytes } from '../storage/file-bytes'
import { sweepGoneFiles } from '../storage/gone-files'

/**
 * Files' rows (thread_files): an upload's reservation, its finish, what may be downloaded. Their
 * bytes are in PostgreSQL or a bucket, each file's row says which (file-bytes.ts;
 * docs/decisions/065-file-storage-in-a-bucket.md).
 */

/** The pool, or the one connection an upload's body is stored through (its transaction). */
type Queryable = Pool | PoolClient

export type FileRow = {
  id: string
  /** Where its bytes are: `postgres` or `s3`. */
  storage: string
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
    /** Where its bytes will go (FILE_STORAGE). */
    readonly storage: FileStorage
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
      `INSERT INTO thread_files (request_id, owner_id, name, size, storage)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [upload.requestId, upload.ownerId, upload.name, upload.reservedBytes, upload.storage],
    )
    const id = rows[0]?.id
    if (!id) throw new Error('The upload insert returned no row')
    return { id }
  })
}

/**
 * An upload that will never be finished (refused, cut, too large): its row, its chunks with it,
 * and its object at once when it is in the bucket (else the clean-up's sweep does it).
 */
export async function discardUpload(pool: Pool, files: FileBytes, fileId: string): Promise<void> {
  await pool.query('DELETE FROM thread_files WHERE id = $1 AND stored_at IS NULL', [fileId])
  await sweepGoneFiles(pool, files, [fileId]).catch(() => undefined)
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
     WHERE id = $1 RETURNING id, storage, request_id, message_id, name, size, media_type, sha256`,
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
    `SELECT f.id, f.storage, f.request_id, f.message_id, f.name, f.size, f.media_type, f.sha256
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
    `SELECT f.id, f.storage, f.request_id, f.message_id, f.name, f.size, f.media_type, f.sha256,
       m.created_at AS sent_at
     FROM thread_files f JOIN thread_messages m ON m.id = f.message_id
     WHERE f.request_id = $1 AND f.stored_at IS NOT NULL AND NOT m.internal
     ORDER BY m.id, f.position`,
    [requestId],
  )
  return rows
}
