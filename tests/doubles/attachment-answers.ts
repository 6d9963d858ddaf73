import type { ThreadMessage, ThreadPage, UploadBody } from '../../domain/api/api-contract'
import { threadLimits } from '../../domain/requests/thread-limits'
import type { uploadMachine } from '../../machines/upload-machine'
import type { PathEvents } from '../paths/path-plan'
import { readAs, readRefused, refused, unreachable } from './api-answers'

/** What attaching a file to a message answers on its generated paths (`/api/v1/me/uploads`). */

export const logo = { name: 'logo.pdf', size: 2000 }
export const tooLarge = { name: 'video.pdf', size: threadLimits.fileBytes + 1 }
export const uploadId = '6f1c1a52-5b5e-4a8e-9d6a-0c4b8f1e2d3a'

/** A request's thread before anyone wrote. */
export const emptyThreadRead = readAs<ThreadPage<ThreadMessage>>('myThreadMessages', {
  success: true,
  messages: [],
  olderCursor: null,
  newCount: 0,
  seen: null,
})

/** The upload stored: what the message will send. */
export const uploadedRead = readAs<UploadBody>('uploadFile', {
  success: true,
  message: 'Uploaded.',
  upload: {
    id: uploadId,
    name: logo.name,
    size: logo.size,
    type: 'application/pdf',
    sha256: '0'.repeat(64),
  },
})

const unsupported = refused(
  415,
  'unsupported_media_type',
  'Only PDF, PNG, JPEG, WebP, TXT, CSV, DOCX, XLSX, PPTX are accepted.',
)
const overQuota = refused(413, 'quota_exceeded', 'This request already holds 100 MB of files.')

/** The upload's answers, as reads: the upload is a request of its own, not a call actor. */
export const uploadReads = [
  emptyThreadRead,
  uploadedRead,
  readRefused('uploadFile', unsupported),
  readRefused('uploadFile', overQuota),
]

export const attachmentPathEvents: PathEvents<typeof uploadMachine> = () => [
  { type: 'progress', sent: 1200 },
  { type: 'uploaded', uploadId },
  { type: 'uploadFailed', error: unsupported },
  { type: 'uploadFailed', error: overQuota },
  { type: 'uploadFailed', error: unreachable() },
]
