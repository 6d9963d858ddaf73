import { assign, setup } from 'xstate'
import { failureAnswer, failureStatus } from '../domain/api/api-contract'
import { threadLimits } from '../domain/requests/thread-limits'
import { messageActions } from './form-flow'
import { injectedCallback } from './injected-call'
import { serverText } from './server-text'

/**
 * One file attached to a message being written, uploaded before the message is sent:
 *
 *   picking → refused (too large: not even sent) | uploading
 *   uploading → (progress) uploading | (uploaded) uploaded | (uploadFailed) refused | failed
 *             | (cancel) cancelled: the transfer is aborted
 *   refused: 413 too large or over the request's 100 MB, 415 not an accepted type, 429 over
 *   the hour's upload bytes, with the server's text
 *   failed → (retry) uploading;  failed | refused | uploaded → (remove) cancelled
 *
 * The transfer is the injected callback actor `upload`: it reports `progress` (bytes sent of
 * the total), then `uploaded` with the upload's id or `uploadFailed` with an error shaped like
 * the HTTP client's, and aborts when it is stopped (cancel, or the page left). The file itself
 * stays with the component; the machine knows its name and size.
 */

export type UploadFileFacts = { readonly name: string; readonly size: number }

export type UploadRefusal = 'tooLarge' | 'type' | 'quota'

export type UploadContext = {
  readonly file: UploadFileFacts
  readonly sent: number
  readonly uploadId: string | undefined
  readonly refusal: UploadRefusal | undefined
  /** The server's text for the refusal or failure. */
  readonly message: string | undefined
}

export type UploadProgressEvent = {
  readonly type: 'progress'
  readonly sent: number
}
export type UploadDoneEvent = { readonly type: 'uploaded'; readonly uploadId: string }
export type UploadFailedEvent = { readonly type: 'uploadFailed'; readonly error: unknown }

/** What the `upload` actor sends back. */
export type UploadReport = UploadProgressEvent | UploadDoneEvent | UploadFailedEvent

export type UploadEvent =
  | UploadReport
  | { readonly type: 'cancel' }
  | { readonly type: 'retry' }
  | { readonly type: 'remove' }

const refusalOf = (error: unknown): UploadRefusal | undefined => {
  const status = failureStatus(error)
  if (status === 415) return 'type'
  // 413 is the file (`too_large`) or the request's 100 MB (`quota_exceeded`); 429 the hour's.
  if (status === 413) return failureAnswer(error)?.code === 'quota_exceeded' ? 'quota' : 'tooLarge'
  return status === 429 ? 'quota' : undefined
}

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { readonly file: UploadFileFacts },
  },
  actors: {
    upload: injectedCallback<UploadFileFacts>('upload'),
  },
  actions: {
    ...messageActions<UploadContext, UploadEvent>(),
    keepProgress: assign(({ context }, { sent }: { readonly sent: number }) => ({
      sent: Math.min(Math.max(sent, context.sent), context.file.size),
    })),
    keepUpload: assign(({ context }, { uploadId }: { readonly uploadId: string }) => ({
      uploadId,
      sent: context.file.size,
    })),
    refuse: assign(
      (_, { refusal, error }: { readonly refusal: UploadRefusal; error: unknown }) => ({
        refusal,
        message: serverText(error),
      }),
    ),
    restart: assign({ sent: 0, message: undefined }),
  },
  guards: {
    tooLarge: ({ context }) => context.file.size > threadLimits.fileBytes,
    refusedUpload: (_, { error }: { readonly error: unknown }) => refusalOf(error) !== undefined,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    file: input.file,
    sent: 0,
    uploadId: undefined,
    refusal: undefined,
    message: undefined,
  }),
  initial: 'picking',
  states: {
    picking: {
      always: [
        {
          guard: 'tooLarge',
          target: 'refused',
          actions: { type: 'refuse', params: { refusal: 'tooLarge', error: undefined } },
        },
        { target: 'uploading' },
      ],
    },
    uploading: {
      invoke: { id: 'upload', src: 'upload', input: ({ context }) => context.file },
      on: {
        progress: {
          actions: { type: 'keepProgress', params: ({ event }) => ({ sent: event.sent }) },
        },
        uploaded: {
          target: 'uploaded',
          actions: { type: 'keepUpload', params: ({ event }) => ({ uploadId: event.uploadId }) },
        },
        uploadFailed: [
          {
            guard: { type: 'refusedUpload', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: {
              type: 'refuse',
              params: ({ event }) => ({
                refusal: refusalOf(event.error) ?? 'type',
                error: event.error,
              }),
            },
          },
          {
            target: 'failed',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: serverText(event.error) }),
            },
          },
        ],
        cancel: 'cancelled',
      },
    },
    uploaded: { on: { remove: 'cancelled' } },
    refused: { on: { remove: 'cancelled' } },
    failed: {
      on: {
        retry: { target: 'uploading', actions: 'restart' },
        remove: 'cancelled',
      },
    },
    cancelled: { type: 'final' },
  },
})
