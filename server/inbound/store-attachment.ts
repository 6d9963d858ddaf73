import type { Pool } from 'pg'
import { cleanFileName, storedFileName } from '../../domain/requests/file-names'
import { threadLimits } from '../../domain/requests/thread-limits'
import { discardUpload, finishUpload, startUpload } from '../files/file-store'
import { readRange, storeBody } from '../files/file-upload'
import { createSniffer } from '../files/sniff'
import { uploadedBytes, uploadsStored } from '../log/metrics'
import type { FileBytes } from '../storage/file-bytes'

/** Why an attachment was not kept: the same reasons an upload is refused for. */
export type AttachmentRefusal = 'too_large' | 'type' | 'quota' | 'unsent_files'

export type StoredAttachment =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly reason: AttachmentRefusal }

/**
 * An attachment of a reply by email, stored as an upload of its author's is (`POST
 * /api/v1/me/uploads`): the request's room and the author's waiting files checked first, the
 * bytes written in chunks while they are hashed and their type recognised from the content
 * (never from the name or the type the mail claims), then finished under its stored name. A
 * refused one leaves nothing behind. The message that sends it attaches it (insertMessage).
 */
export async function storeAttachment(
  pool: Pool,
  files: FileBytes,
  file: {
    readonly requestId: string
    readonly ownerId: string
    readonly name: string
    readonly content: Buffer
  },
): Promise<StoredAttachment> {
  if (file.content.length > threadLimits.fileBytes) return { ok: false, reason: 'too_large' }
  // A mail may name a file anything: cut to the names an upload may have, then cleaned like one.
  const name = cleanFileName([...file.name].slice(0, 120).join('')) || 'attachment'
  const started = await startUpload(
    pool,
    {
      requestId: file.requestId,
      ownerId: file.ownerId,
      name,
      reservedBytes: file.content.length,
      storage: files.uploadTo,
    },
    { requestBytes: threadLimits.requestBytes, unsentFiles: threadLimits.unsentFilesPerUploader },
  )
  if (started === 'quota_exceeded') return { ok: false, reason: 'quota' }
  if (started === 'too_many_files') return { ok: false, reason: 'unsent_files' }
  const fileId = started.id
  let finished = false
  try {
    const sniff = createSniffer(name)
    const stored = await storeBody(
      files.store(files.uploadTo),
      { fileId, limit: threadLimits.fileBytes, received: () => {} },
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(file.content)
          controller.close()
        },
      }),
      sniff,
    )
    if (!stored.ok && stored.reason === 'too_large') return { ok: false, reason: 'too_large' }
    const type = stored.ok
      ? await sniff.finish((offset, length) =>
          readRange(files, { id: fileId, storage: files.uploadTo }, offset, length),
        )
      : undefined
    if (!stored.ok || !type) return { ok: false, reason: 'type' }
    await finishUpload(pool, {
      id: fileId,
      name: storedFileName(name, type),
      size: stored.size,
      sha256: stored.sha256,
      type,
    })
    finished = true
    uploadsStored.inc()
    uploadedBytes.inc(stored.size)
    return { ok: true, id: fileId }
  } finally {
    if (!finished) await discardUpload(pool, files, fileId)
  }
}

/**
 * Attachments stored for a reply that was not kept after all: gone with their chunks (a bucket's
 * objects are listed by the rows' trigger and removed by the clean-up).
 */
export async function discardAttachments(pool: Pool, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await pool.query('DELETE FROM thread_files WHERE id = ANY($1::uuid[]) AND message_id IS NULL', [
    ids,
  ])
}
