import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { threadLimits } from '../../../domain/requests/thread-limits'
import { uploadMachine } from '../../../machines/upload-machine'
import {
  attachmentPathEvents,
  emptyThreadRead,
  logo,
  tooLarge,
  uploadedRead,
} from '../../../tests/doubles/attachment-answers'
import { installFakeEventSource } from '../../../tests/doubles/fake-event-source'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { installFakeUploads } from '../../../tests/doubles/fake-upload'
import { myRequestsRead } from '../../../tests/doubles/my-requests-answers'
import { sentRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
let uploads = installFakeUploads()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const listPath = '/api/v1/me/service-requests'
const threadPath = `${listPath}/${sentRequest.id}/messages`

const attachment = () => document.querySelector<HTMLElement>('.attachment')
const inAttachment = () => {
  const found = attachment()
  if (!found) throw new Error('No attachment is shown')
  return within(found)
}
const latest = () => {
  const upload = uploads.sent.at(-1)
  if (!upload) throw new Error('No upload was sent')
  return upload
}
/** Waits until the page has sent `count` uploads in all. */
const uploadsSent = (count: number) =>
  waitFor(() => expect(uploads.sent).toHaveLength(count), { timeout: 5000 })

testMachinePaths(uploadMachine, {
  inputs: [{ file: logo }, { file: tooLarge }],
  render: async (input) => {
    network = installFakeNetwork()
    installFakeEventSource()
    uploads = installFakeUploads()
    const view = await renderSignedIn(`/my-services/${sentRequest.id}`)
    const requests = myRequestsRead(sentRequest)
    ;(await network.next(listPath)).respond(requests.status, requests.body)
    ;(await network.next(threadPath)).respond(emptyThreadRead.status, emptyThreadRead.body)
    const picker = await screen.findByLabelText('Attach files', {}, { timeout: 10_000 })
    const facts = input?.file ?? logo
    const file = new File([new Uint8Array(facts.size)], facts.name, { type: 'application/pdf' })
    await userEvent.upload(picker as HTMLInputElement, file)
    if (facts.size <= threadLimits.fileBytes) await uploadsSent(1)
    return view
  },
  events: attachmentPathEvents,
  exec: {
    progress: (_, event) => latest().progress(event.sent),
    uploaded: (_, event) => {
      const upload = latest()
      expect(upload.url).toBe(
        `/api/v1/me/uploads?request=${sentRequest.id}&name=${encodeURIComponent(logo.name)}`,
      )
      expect(upload.headers['X-XSRF-TOKEN']).toBe(testXsrfToken)
      expect(event.uploadId).toBe(uploadedRead.body.upload.id)
      upload.respond(uploadedRead.status, uploadedRead.body)
    },
    uploadFailed: (_, event) => {
      const failure = event.error as CallFailure
      if (failure.response) latest().respond(failure.response.status, failure.response.data)
      else latest().fail()
    },
    cancel: async ({ user }) => {
      const upload = latest()
      await user.click(inAttachment().getByRole('button', { name: 'Cancel upload' }))
      await waitFor(() => expect(upload.aborted()).toBe(true))
    },
    retry: async ({ user }) => {
      const before = uploads.sent.length
      await user.click(inAttachment().getByRole('button', { name: 'Try again' }))
      await uploadsSent(before + 1)
    },
    remove: ({ user }) => user.click(inAttachment().getByRole('button', { name: 'Remove' })),
  },
  states: {
    picking: () => {},
    uploading: async ({ snapshot }) => {
      await waitFor(() =>
        expect(
          inAttachment().getByRole<HTMLProgressElement>('progressbar', {
            name: `Uploading ${snapshot.context.file.name}`,
          }).value,
        ).toBe(snapshot.context.sent),
      )
      expect(inAttachment().getByRole('button', { name: 'Cancel upload' })).toBeTruthy()
    },
    uploaded: async () => {
      await waitFor(() => expect(inAttachment().getByText('Uploaded')).toBeTruthy())
      expect(inAttachment().queryByRole('progressbar')).toBeNull()
    },
    refused: async ({ snapshot }) => {
      const expected =
        snapshot.context.message ??
        (snapshot.context.refusal === 'tooLarge' ? 'This file is larger than 10 MB.' : '')
      await waitFor(() => expect(inAttachment().getByRole('alert').textContent).toBe(expected))
      expect(inAttachment().queryByRole('button', { name: 'Try again' })).toBeNull()
    },
    failed: async () => {
      await waitFor(() =>
        expect(inAttachment().getByRole('alert').textContent).toBe(
          'The file could not be uploaded.',
        ),
      )
    },
    cancelled: async () => {
      await waitFor(() => expect(attachment()).toBeNull())
    },
  },
})
