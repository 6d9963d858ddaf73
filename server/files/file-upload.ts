import { createHash } from 'node:crypto'
import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import { acceptedTypeLabels, threadLimits } from '../../src/domain/requests/thread-limits'
import { createUploadQuerySchema } from '../../src/domain/requests/thread-schemas'
import { schemasPerLocale } from '../http/admit-request'
import { answer, failure, invalidFields, tooManyRequests } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { openThread } from '../messages/thread-store'
import { workspaceAnswerMessages as m } from '../messages/workspace-messages'
import {
  chunkBytes,
  discardUpload,
  finishUpload,
  readStoredRange,
  sentBytes,
  startUpload,
  writeChunk,
} from './file-store'
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

/**
 * Reads the body as it arrives into chunks of `chunkBytes`, each written before more is read
 * (the socket waits meanwhile: a fast sender fills no memory), hashing and sniffing on the way.
 * Stops at the first byte past the limit or the first that no accepted type could hold.
 */
async function storeBody(
  deps: ApiDeps,
  fileId: string,
  body: ReadableStream<Uint8Array>,
  sniff: ReturnType<typeof createSniffer>,
): Promise<Stored> {
  const hash = createHash('sha256')
  const reader = body.getReader()
  let pending: Buffer[] = []
  let pendingBytes = 0
  let size = 0
  let seq = 0
  const flush = async (all: boolean) => {
    while (pendingBytes >= chunkBytes || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending)
      const chunk = joined.subarray(0, Math.min(chunkBytes, joined.length))
      const rest = joined.subarray(chunk.length)
      await writeChunk(deps.pool, fileId, seq, chunk)
      seq += 1
      pending = rest.length > 0 ? [rest] : []
      pendingBytes = rest.length
    }
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size > threadLimits.fileBytes) return { ok: false, reason: 'too_large' }
      if (!sniff.push(value)) return { ok: false, reason: 'unsupported' }
      hash.update(value)
      pending.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
      pendingBytes += value.length
      await flush(false)
    }
    await flush(true)
  } finally {
    reader.releaseLock()
  }
  return { ok: true, size, sha256: hash.digest('hex') }
}

/**
 * `POST /api/v1/me/uploads?request=&name=` with the file's bytes as the body: 400 for the query,
 * 404 when the request is not the caller's (an admin may upload to any), 413 `too_large` (the
 * declared length at once, or the 10 MB + 1st byte), 413 `quota_exceeded` (the request's sent
 * files and this one past 100 MB), 415 naming the accepted types, 429 past the upload bytes of
 * the hour. Nothing half-stored stays: a refused upload's chunks are deleted.
 */
export function fileUploadHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const { user } = signedInOf(c)
    const perIp = await deps.rateLimiter.hit(deps.rateRules.accountPerIp, c.get('clientIp'))
    if (!perIp.allowed)
      return refuse(c, tooManyRequests(c, perIp.retryAfterSeconds, deps.rateRules.accountPerIp))
    const parsed = v.safeParse(querySchemas[c.get('locale')], c.req.query())
    if (!parsed.success) return refuse(c, invalidFields(c, parsed.issues, t(m.invalidQuery)))
    const declared = Number(c.req.header('content-length') ?? Number.NaN)
    if (declared > threadLimits.fileBytes)
      return refuse(c, failure(c, 413, 'too_large', t(m.fileTooLarge)))
    const bytesRule = deps.rateRules.uploadBytesPerAccount
    const budget = await deps.rateLimiter.peek(bytesRule, user.id)
    if (!budget.allowed) return refuse(c, tooManyRequests(c, budget.retryAfterSeconds, bytesRule))
    const side = user.role === 'admin' ? 'agency' : 'client'
    const thread = await openThread(deps.pool, parsed.output.request, { side, userId: user.id })
    if (!thread) return refuse(c, failure(c, 404, 'not_found', t(m.notFound)))
    const known = Number.isFinite(declared) ? declared : 0
    if ((await sentBytes(deps.pool, thread.requestId)) + known > threadLimits.requestBytes)
      return refuse(c, failure(c, 413, 'quota_exceeded', t(m.quotaExceeded)))

    const body = c.req.raw.body
    const sniff = createSniffer(parsed.output.name)
    const fileId = await startUpload(deps.pool, {
      requestId: thread.requestId,
      ownerId: user.id,
      name: parsed.output.name,
    })
    let finished = false
    try {
      const stored = body
        ? await storeBody(deps, fileId, body, sniff)
        : ({ ok: true, size: 0, sha256: '' } as const)
      const refused = (reason: string, response: Response) => {
        securityEvent(c, 'thread.upload.refused', {
          accountId: user.id,
          requestId: thread.requestId,
          reason,
        })
        return refuse(c, response)
      }
      if (!stored.ok && stored.reason === 'too_large')
        return refused('too_large', failure(c, 413, 'too_large', t(m.fileTooLarge)))
      const type = stored.ok
        ? await sniff.finish((offset, length) => readStoredRange(deps.pool, fileId, offset, length))
        : undefined
      if (!stored.ok || !type)
        return refused(
          'type',
          failure(c, 415, 'unsupported_media_type', t(m.unsupportedType(acceptedTypeLabels))),
        )
      const done = await finishUpload(
        deps.pool,
        { id: fileId, requestId: thread.requestId, size: stored.size, sha256: stored.sha256, type },
        threadLimits.requestBytes,
      )
      if (done === 'quota_exceeded')
        return refused('quota', failure(c, 413, 'quota_exceeded', t(m.quotaExceeded)))
      finished = true
      await deps.rateLimiter.spend(bytesRule, user.id, stored.size)
      securityEvent(c, 'thread.upload', {
        accountId: user.id,
        requestId: thread.requestId,
        fileId,
        mediaType: type,
        bytes: stored.size,
      })
      return answer(c, 'uploadFile', { success: true, message: t(m.uploaded), upload: done.file })
    } finally {
      if (!finished) await discardUpload(deps.pool, fileId)
    }
  }
}
