import { describe, expect, it } from 'vitest'
import { createActor, type EventObject, fromCallback } from 'xstate'
import type { UploadFileFacts, UploadReport } from './upload-machine'
import { uploadMachine } from './upload-machine'

type Transfer = {
  readonly file: UploadFileFacts
  report(event: UploadReport): void
  aborted: boolean
}

function started(file: UploadFileFacts) {
  const transfers: Transfer[] = []
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        upload: fromCallback<EventObject, UploadFileFacts>(({ input, sendBack }) => {
          const transfer: Transfer = {
            file: input,
            report: (event) => sendBack(event),
            aborted: false,
          }
          transfers.push(transfer)
          return () => {
            transfer.aborted = true
          }
        }),
      },
    }),
    { input: { file } },
  ).start()
  return { actor, transfers }
}

const refusal = (status: number, text: string) => ({
  message: `Request failed with status code ${status}`,
  response: { status, data: { success: false, code: 'too_large', message: text, error: text } },
})

const logo = { name: 'logo.pdf', size: 2000 }

describe('upload', () => {
  it('uploads with progress that only grows, and keeps the upload id', () => {
    const { actor, transfers } = started(logo)
    expect(actor.getSnapshot().value).toBe('uploading')
    transfers[0]?.report({ type: 'progress', sent: 1500 })
    transfers[0]?.report({ type: 'progress', sent: 900 })
    expect(actor.getSnapshot().context.sent).toBe(1500)
    transfers[0]?.report({ type: 'uploaded', uploadId: 'u1' })
    expect(actor.getSnapshot().value).toBe('uploaded')
    expect(actor.getSnapshot().context).toMatchObject({ uploadId: 'u1', sent: 2000 })
  })

  it('refuses a file over 10 MB without sending it', () => {
    const { actor, transfers } = started({ name: 'video.mp4', size: 10 * 1024 * 1024 + 1 })
    expect(actor.getSnapshot().value).toBe('refused')
    expect(actor.getSnapshot().context.refusal).toBe('tooLarge')
    expect(transfers).toHaveLength(0)
  })

  it.each([
    [413, 'tooLarge'],
    [415, 'type'],
    [429, 'quota'],
  ] as const)('reads a %i as a refusal (%s) with the server text', (status, reason) => {
    const { actor, transfers } = started(logo)
    transfers[0]?.report({ type: 'uploadFailed', error: refusal(status, `Refused ${status}`) })
    expect(actor.getSnapshot().value).toBe('refused')
    expect(actor.getSnapshot().context).toMatchObject({
      refusal: reason,
      message: `Refused ${status}`,
    })
  })

  it('reads a 413 quota_exceeded (the request is over 100 MB) as over the quota', () => {
    const { actor, transfers } = started(logo)
    transfers[0]?.report({
      type: 'uploadFailed',
      error: {
        message: 'Request failed with status code 413',
        response: {
          status: 413,
          data: { success: false, code: 'quota_exceeded', message: 'Full.', error: 'Full.' },
        },
      },
    })
    expect(actor.getSnapshot().context).toMatchObject({ refusal: 'quota', message: 'Full.' })
  })

  it('aborts the transfer on cancel, retries a failure from zero', () => {
    const { actor, transfers } = started(logo)
    transfers[0]?.report({ type: 'progress', sent: 500 })
    transfers[0]?.report({ type: 'uploadFailed', error: { message: 'Network Error' } })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(transfers[0]?.aborted).toBe(true)
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().context.sent).toBe(0)
    expect(transfers).toHaveLength(2)
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(transfers[1]?.aborted).toBe(true)
  })
})
