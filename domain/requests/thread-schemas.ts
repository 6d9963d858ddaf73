import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { uuidPattern } from '../ids/uuid'
import { longTextSchema } from '../leads/contact-schema'
import { strictObjectMessage } from '../validation/schema-issues'
import { cleanFileName } from './file-names'
import { threadLimits } from './thread-limits'
import { threadMessages as m } from './thread-messages'

/** Message ids and cursors are positive integers, written as strings. */
const sequencePattern = /^[1-9]\d{0,17}$/

function attachmentsSchema(t: Translate) {
  return v.pipe(
    v.array(v.pipe(v.string(), v.regex(uuidPattern, t(m.fileIdInvalid))), t(m.fileIdInvalid)),
    v.maxLength(threadLimits.filesPerMessage, t(m.tooManyFiles)),
    v.check((ids) => new Set(ids).size === ids.length, t(m.fileIdInvalid)),
  )
}

const messageEntries = (t: Translate) => ({
  /** Plain text with line breaks, 1–10,000 code points. */
  body: longTextSchema(t, 1, threadLimits.bodyMax),
  /** Upload ids (`POST /api/v1/me/uploads`) of the caller's, for this request, not yet sent. */
  files: v.optional(attachmentsSchema(t), []),
})

/** `POST /api/v1/me/service-requests/:id/messages`: the client's message. */
export function createClientMessageSchema(t: Translate) {
  return v.strictObject(messageEntries(t), strictObjectMessage(t))
}
export type ClientMessageInput = v.InferInput<ReturnType<typeof createClientMessageSchema>>

/** `POST /api/v1/admin/service-requests/:id/messages`: a reply, or an internal note. */
export function createAgencyMessageSchema(t: Translate) {
  return v.strictObject(
    {
      ...messageEntries(t),
      /** Seen by the agency only: never shown, streamed, mailed or exported to the client. */
      internal: v.optional(v.boolean(t(m.internalInvalid)), false),
    },
    strictObjectMessage(t),
  )
}
export type AgencyMessageInput = v.InferInput<ReturnType<typeof createAgencyMessageSchema>>

/** `POST …/read`: the newest message the reader has seen (later ones stay new). */
export function createReadMarkSchema(t: Translate) {
  return v.strictObject(
    { upTo: v.pipe(v.string(), v.regex(sequencePattern, t(m.messageIdInvalid))) },
    strictObjectMessage(t),
  )
}
export type ReadMarkInput = v.InferInput<ReturnType<typeof createReadMarkSchema>>

/** `GET …/messages?before=<cursor>`: without it, the newest page. */
export function createThreadPageQuerySchema(t: Translate) {
  return v.strictObject(
    {
      before: v.optional(
        v.union([v.literal(''), v.pipe(v.string(), v.regex(sequencePattern))], t(m.cursorInvalid)),
        '',
      ),
    },
    strictObjectMessage(t),
  )
}
export type ThreadPageQuery = v.InferInput<ReturnType<typeof createThreadPageQuerySchema>>

/**
 * `POST /api/v1/me/uploads?request=<request id>&name=<file name>`: the body is the file's bytes
 * (any `Content-Type`: the server recognises the type by the content). The name is the one the
 * uploader's disk gave it (Unicode kept), at most 200 code points, cleaned rather than refused
 * (`cleanFileName`: controls, bidirectional overrides, the characters file systems treat
 * specially, dots and spaces at the ends); refused only when nothing is left of it. The stored
 * name also takes the extension of the type recognised (`storedFileName`).
 */
export function createUploadQuerySchema(t: Translate) {
  return v.strictObject(
    {
      // Any string: an id that names none of the caller's requests is the same 404 as another's.
      request: v.pipe(v.string(t(m.requestIdInvalid)), v.maxLength(100, t(m.requestIdInvalid))),
      name: v.pipe(
        v.string(t(m.fileNameInvalid)),
        v.check((name) => [...name].length <= threadLimits.fileNameMax, t(m.fileNameInvalid)),
        v.transform(cleanFileName),
        v.nonEmpty(t(m.fileNameInvalid)),
      ),
    },
    strictObjectMessage(t),
  )
}
export type UploadQuery = v.InferInput<ReturnType<typeof createUploadQuerySchema>>
