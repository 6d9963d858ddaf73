import { createHash } from 'node:crypto'
import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import type { ThreadSide } from '../../domain/api/api-contract'
import { isUuid } from '../../domain/ids/uuid'
import { storedFileName } from '../../domain/requests/file-names'
import { acceptedTypeLabels, threadLimits } from '../../domain/requests/thread-limits'
import { createUploadQuerySchema } from '../../domain/requests/thread-schemas'
import { schemasPerLocale } from '../http/admit-request'
import { answer, failure, invalidFields, tooManyRequests } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { refuseWithoutSecondFactor } from '../http/require-admin'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { uploadedBytes, uploadsStored } from '../log/metrics'
import { securityEvent } from '../log/security-event'
import { threadAnswerMessages as m } from '../messages/thread-messages'
import { openThread } from '../messages/thread-store'
import type { ByteStore, StoredFile } from '../storage/byte-store'
import type { FileBytes } from '../storage/file-bytes'
import { discardUpload, finishUpload, startUpload } from './file-store'
import { createSniffer } from './sniff'

const querySchemas = schemasPerLocale(createUploadQuerySchema)

/** The rest of the body is not read: the connection cannot carry another request. */
function refuse(c: Context<AccountEnv>, response: Response): Response {
  c.header('Connection', 'close')
  return response
}

type Stored =
  | { readonly ok: true; readonly size: number; readonly sha256: string }
  | { readonly ok: false; readonly reason: 'too_large' | 'unsupported' }

/** Thrown into the store's write to stop it: the body is refused. */
class RefusedBody extends Error {}

/**
 * Reads the body in one pass as it arrives, handing each piece to the store (`bytes`), which
 * writes it before more is read (the socket waits meanwhile: a fast sender fills no memory),
 * hashing and sniffing on the way. Stops at the first byte past `limit` (the bytes reserved for
 * it) or the first that no accepted type could hold: the store's write fails, and what it kept
 * goes with the file's row (`discardUpload`).
 *
 * In PostgreSQL each chunk is its own statement on a pooled connection, taken and given back
 * around that write. One transaction for the whole body would commit its chunks with the file's
 * row, but it would hold a connection, and the request's locks, for as long as the slowest
 * client takes to send: a few slow uploads from one account could then hold the pool.
 */
export async function storeBody(
  bytes: ByteStore,
  upload: {
    readonly fileId: string
    readonly limit: number
    readonly received: (n: number) => void
  },
  body: ReadableStream<Uint8Array>,
  sniff: ReturnType<typeof createSniffer>,
): Promise<Stored> {
  const hash = createHash('sha256')
  let size = 0
  let refused: 'too_large' | 'unsupported' | undefined
  async function* accepted(): AsyncGenerator<Buffer> {
    const reader = body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        size += value.length
        upload.received(value.length)
        if (size > upload.limit) refused = 'too_large'
        else if (!sniff.push(value)) refused = 'unsupported'
        if (refused) throw new RefusedBody(refused)
        hash.update(value)
        yield Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      }
    } finally {
      reader.releaseLock()
    }
  }
  try {
    await bytes.write(upload.fileId, accepted())
  } catch (error) {
    if (refused) return { ok: false, reason: refused }
    throw error
  }
  return { ok: true, size, sha256: hash.digest('hex') }
}

/** `length` bytes of a stored file from `offset`, for the sniffer's look at a ZIP. */
export async function readRange(
  files: FileBytes,
  file: StoredFile,
  offset: number,
  length: number,
): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of files.read(file, offset, offset + length - 1)) parts.push(part)
  return Buffer.concat(parts)
}

/**
 * `POST /api/v1/me/uploads?request=&name=` with the file's bytes as the body: 400 for the query,
 * 403 `mfa_required` for an admin without a second factor proved in this session (an agency-side
 * upload is an admin action: the admin gate's check), 404 when the request is not the caller's
 * (an admin may upload to any), 413 `too_large` (the declared length at once, or the byte past
 * it or past 10 MB), 413 `quota_exceeded` (the request's files, those waiting for their message
 * and those arriving included, and this one past 100 MB; or the uploader's 20 waiting files),
 * 415 naming the accepted types, 429 past the upload bytes of the hour. The file is stored under
 * its safe name (`storedFileName`: the recognised type's extension). Nothing half-stored stays:
 * a refused upload's chunks are deleted.
 *
 * Budgets are reserved before the body is read, so uploads sent at once cannot pass them
 * together: the hour's bytes and the request's room take the declared length (10 MB when none
 * is declared), and what did not arrive is given back once the upload ends. Bytes that arrived
 * count against the hour whether the file was kept or refused: they were uploaded.
 */
export function fileUploadHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const { user } = signedInOf(c)
    const perIp = await deps.rateLimiter.hit(deps.rateRules.accountPerIp, c.get('clientIp'))
    if (!perIp.allowed)
      return refuse(c, tooManyRequests(c, perIp.retryAfterSeconds, deps.rateRules.accountPerIp))
    const side = user.role === 'admin' ? 'agency' : 'client'
    if (side === 'agency') {
      const refused = await refuseWithoutSecondFactor(deps, c)
      if (refused) return refuse(c, refused)
    }
    const parsed = v.safeParse(querySchemas[c.get('locale')], c.req.query())
    if (!parsed.success) return refuse(c, invalidFields(c, parsed.issues, t(m.invalidQuery)))
    const declared = Number(c.req.header('content-length') ?? Number.NaN)
    if (declared > threadLimits.fileBytes)
      return refuse(c, failure(c, 413, 'too_large', t(m.fileTooLarge)))
    const reservedBytes =
      Number.isSafeInteger(declared) && declared >= 0 ? declared : threadLimits.fileBytes
    const bytesRule = deps.rateRules.uploadBytesPerAccount
    const budget = await deps.rateLimiter.reserve(bytesRule, user.id, reservedBytes)
    if (!budget.allowed) return refuse(c, tooManyRequests(c, budget.retryAfterSeconds, bytesRule))
    let received = 0
    try {
      return await receive(c, deps, {
        side,
        query: parsed.output,
        reservedBytes,
        received: (bytes) => {
          received += bytes
        },
      })
    } finally {
      await budget.giveBack(reservedBytes - received)
    }
  }
}

/**
 * The upload once the hour's bytes are reserved: the request (404), its room and the uploader's
 * waiting files (413), then the body, stored and recognised, under its stored name. Reports
 * each piece of the body as it arrives (`received`), so the caller gives back the rest.
 */
async function receive(
  c: Context<AccountEnv>,
  deps: ApiDeps,
  upload: {
    readonly side: ThreadSide
    readonly query: { readonly request: string; readonly name: string }
    readonly reservedBytes: number
    readonly received: (bytes: number) => void
  },
): Promise<Response> {
  const t = c.get('t')
  const { user } = signedInOf(c)
  // The request named by the query: a malformed id names none, the same 404 as an unknown one.
  const requestId = upload.query.request
  const thread = isUuid(requestId)
    ? await openThread(deps.pool, requestId, { side: upload.side, userId: user.id })
    : undefined
  if (!thread) return refuse(c, failure(c, 404, 'not_found', t(m.notFound)))
  const refused = (reason: string, response: Response) => {
    securityEvent(c, 'thread.upload.refused', {
      accountId: user.id,
      requestId: thread.requestId,
      reason,
    })
    return refuse(c, response)
  }
  const started = await startUpload(
    deps.pool,
    {
      requestId: thread.requestId,
      ownerId: user.id,
      name: upload.query.name,
      reservedBytes: upload.reservedBytes,
      storage: deps.files.uploadTo,
    },
    { requestBytes: threadLimits.requestBytes, unsentFiles: threadLimits.unsentFilesPerUploader },
  )
  if (started === 'quota_exceeded')
    return refused('quota', failure(c, 413, 'quota_exceeded', t(m.quotaExceeded)))
  if (started === 'too_many_files')
    return refused(
      'unsent_files',
      failure(
        c,
        413,
        'quota_exceeded',
        t(m.tooManyUnsentFiles(threadLimits.unsentFilesPerUploader)),
      ),
    )
  const fileId = started.id
  const body = c.req.raw.body
  const sniff = createSniffer(upload.query.name)
  let finished = false
  try {
    const stored = body
      ? await storeBody(
          deps.files.store(deps.files.uploadTo),
          { fileId, limit: upload.reservedBytes, received: upload.received },
          body,
          sniff,
        )
      : ({ ok: true, size: 0, sha256: '' } as const)
    if (!stored.ok && stored.reason === 'too_large')
      return refused('too_large', failure(c, 413, 'too_large', t(m.fileTooLarge)))
    const type = stored.ok
      ? await sniff.finish((offset, length) =>
          readRange(deps.files, { id: fileId, storage: deps.files.uploadTo }, offset, length),
        )
      : undefined
    if (!stored.ok || !type)
      return refused(
        'type',
        failure(c, 415, 'unsupported_media_type', t(m.unsupportedType(acceptedTypeLabels))),
      )
    const file = await finishUpload(deps.pool, {
      id: fileId,
      name: storedFileName(upload.query.name, type),
      size: stored.size,
      sha256: stored.sha256,
      type,
    })
    finished = true
    uploadsStored.inc()
    uploadedBytes.inc(stored.size)
    securityEvent(c, 'thread.upload', {
      accountId: user.id,
      requestId: thread.requestId,
      fileId,
      mediaType: type,
      bytes: stored.size,
    })
    return answer(c, 'uploadFile', { success: true, message: t(m.uploaded), upload: file })
  } finally {
    if (!finished) await discardUpload(deps.pool, deps.files, fileId)
  }
}
