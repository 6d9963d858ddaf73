import type { Handler } from 'hono'
import type { ThreadSide } from '../../domain/api/api-contract'
import { failure } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { threadAnswerMessages as m } from '../messages/thread-messages'
import { openThread } from '../messages/thread-store'
import { chooseRange } from './byte-range'
import { attachmentDisposition } from './content-disposition'
import { listClientFiles, loadSentFile } from './file-store'
import { uniqueNames, type ZipEntry, zipArchive, zipLength } from './zip-archive'

/** A body that reads one chunk when the socket wants more: a slow reader holds one chunk. */
function chunkStream(chunks: AsyncGenerator<Buffer>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(new Uint8Array(next.value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

/** `If-None-Match` names this ETag (or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })
}

/**
 * `GET …/service-requests/:id/files/:fileId`: a file a message of the thread sent, to the
 * request's client (never a file of an internal note) or an admin; the same 404 for anything
 * else. Served as an attachment that runs nothing (`nosniff`, the `sandbox` policy every non-page
 * answer carries), its exact bytes, with its SHA-256 as a strong ETag and byte ranges.
 */
export function fileDownloadHandler(deps: ApiDeps, side: ThreadSide): Handler<AccountEnv> {
  return async (c) => {
    const { user } = signedInOf(c)
    const notFound = () => failure(c, 404, 'not_found', c.get('t')(m.fileNotFound))
    const thread = await openThread(deps.pool, pathId(c, 'id'), { side, userId: user.id })
    if (!thread) return notFound()
    const file = await loadSentFile(deps.pool, thread.requestId, pathId(c, 'fileId'), {
      includeInternal: side === 'agency',
    })
    if (!file) return notFound()
    const size = Number(file.size)
    const etag = `"${file.sha256}"`
    c.header('ETag', etag)
    c.header('Accept-Ranges', 'bytes')
    // Private data, never stored by a cache; and never compressed on the way: the bytes (and
    // their ranges) are the stored ones.
    c.header('Cache-Control', 'no-store, no-transform')
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304)
    const ifRange = c.req.header('if-range')
    const range =
      ifRange === undefined || ifRange.trim() === etag
        ? chooseRange(c.req.header('range'), size)
        : ({ kind: 'whole' } as const)
    if (range.kind === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${size}`)
      return failure(c, 416, 'range_not_satisfiable', c.get('t')(m.rangeNotSatisfiable))
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1]
    securityEvent(c, 'thread.download', {
      accountId: user.id,
      requestId: thread.requestId,
      fileId: file.id,
      side,
    })
    c.header(
      'Content-Type',
      file.media_type.startsWith('text/') ? `${file.media_type}; charset=utf-8` : file.media_type,
    )
    c.header('Content-Disposition', attachmentDisposition(file.name))
    c.header('Content-Length', String(end - start + 1))
    if (range.kind === 'part') c.header('Content-Range', `bytes ${start}-${end}/${size}`)
    return c.body(chunkStream(deps.files.read(file, start, end)), range.kind === 'part' ? 206 : 200)
  }
}

/**
 * `GET /api/v1/me/service-requests/:id/files.zip`: every file the thread shared with the client
 * (never an internal note's), as one archive streamed from storage, its exact length announced.
 */
export function filesZipHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const { user } = signedInOf(c)
    const thread = await openThread(deps.pool, pathId(c, 'id'), {
      side: 'client',
      userId: user.id,
    })
    if (!thread) return failure(c, 404, 'not_found', c.get('t')(m.notFound))
    const files = await listClientFiles(deps.pool, thread.requestId)
    const names = uniqueNames(files.map((file) => file.name))
    const entries: ZipEntry[] = files.map((file, i) => ({
      name: names[i] ?? file.name,
      size: Number(file.size),
      modifiedAt: file.sent_at,
      read: () => deps.files.read(file, 0, Number(file.size) - 1),
    }))
    securityEvent(c, 'thread.download', {
      accountId: user.id,
      requestId: thread.requestId,
      files: files.length,
      side: 'client',
    })
    c.header('Content-Type', 'application/zip')
    c.header(
      'Content-Disposition',
      attachmentDisposition(`request-${thread.requestId.slice(0, 8)}-files.zip`),
    )
    c.header('Content-Length', String(zipLength(entries)))
    c.header('Cache-Control', 'no-store, no-transform')
    return c.body(chunkStream(zipArchive(entries)), 200)
  }
}
