import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { endpoints, xsrfHeaderName } from '../../../domain/api/api-contract'
import { threadLimits } from '../../../domain/requests/thread-limits'
import { uploadMachine } from '../../../machines/upload-machine'
import {
  attachmentPathEvents,
  emptyThreadRead,
  logo,
  uploadedRead,
} from '../../doubles/attachment-answers'
import { testMachinePathsInBrowser } from './browser-paths'
import { holdThread } from './held-thread'
import { heldUploads, holdUploads, onLatestUpload } from './held-uploads'
import { type PathClient, signedInPathClient } from './signed-in-client'

// A file attached to a message in Chromium: the real picker, page, machine and styles, signed
// in on the real server. The upload's progress and answers come from the same table as the
// jsdom paths, held in the page (held-uploads.ts). What only a browser shows is checked here:
// the progress bar drawn at the bytes sent, the cancel button a visitor can reach and click,
// the refusal announced where it is read.

let client: PathClient | undefined
beforeAll(async () => {
  client = await signedInPathClient('attachment')
}, 120_000)
afterAll(async () => {
  await client?.close()
})
const signedIn = (): PathClient => {
  if (!client) throw new Error('The client is not signed in')
  return client
}

/** The file being picked on each path's page (see `prepare`). */
const picks = new WeakMap<Page, Promise<void>>()
const attachment = (page: Page) => page.locator('.attachment')
const progressBar = (page: Page, name: string) =>
  attachment(page).getByRole('progressbar', { name: `Uploading ${name}` })
const eventually = (assertion: () => Promise<void>) =>
  vi.waitFor(assertion, { timeout: 15_000, interval: 20 })
/** Waits until the page has sent `count` uploads in all. */
const uploadsSent = (page: Page, count: number) =>
  eventually(async () => expect(await heldUploads(page)).toHaveLength(count))

testMachinePathsInBrowser(uploadMachine, {
  inputs: [{ file: logo }, { file: { name: 'video.pdf', size: threadLimits.fileBytes + 1 } }],
  url: () => `/my-services/${signedIn().requestId}`,
  prepare: async (page, input) => {
    // The signed-in page reads through React Query, which schedules its updates with timers:
    // with the page's clock paused they would never run. This machine has no timers of its
    // own (no delayed transition for the harness to step), so time runs as usual.
    await page.clock.resume()
    await page.context().addCookies([...signedIn().cookies])
    await holdUploads(page, endpoints.uploadFile.path)
    const thread = await holdThread(page, signedIn().requestId)
    // The thread loads empty as soon as the page asks; then the file is picked. The first
    // state waits for this (a 10 MB file takes a while to reach the picker).
    const facts = input?.file ?? logo
    const picked = thread.nextRead('', 60_000).then(async (read) => {
      await read.respond(emptyThreadRead.status, emptyThreadRead.body)
      await page
        .locator('.workspace-thread')
        .getByLabel('Attach files')
        .setInputFiles(
          { name: facts.name, mimeType: 'application/pdf', buffer: Buffer.alloc(facts.size) },
          { timeout: 60_000 },
        )
    })
    // Awaited by the first state; marked handled here so a failure is reported there, once.
    picked.catch(() => {})
    picks.set(page, picked)
  },
  // The composer is hydrated; the file (10 MB for the one too large) may still be on its way
  // into the picker: the first state waits for its attachment.
  ready: '.workspace-thread .composer',
  events: attachmentPathEvents,
  exec: {
    // The first upload starts once the page has its XSRF token: wait for it to be sent.
    progress: ({ page }, event) => eventually(() => onLatestUpload(page, { progress: event.sent })),
    uploaded: async ({ page }, event) => {
      await uploadsSent(page, 1)
      const [upload] = (await heldUploads(page)).slice(-1)
      expect(upload?.url).toBe(
        `${endpoints.uploadFile.path}?request=${signedIn().requestId}&name=${encodeURIComponent(logo.name)}`,
      )
      // The XSRF token the real server set, echoed.
      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN')
      expect(upload?.headers[xsrfHeaderName]).toBe(cookie?.value)
      expect(upload?.size).toBe(logo.size)
      expect(event.uploadId).toBe(uploadedRead.body.upload.id)
      await onLatestUpload(page, { status: uploadedRead.status, body: uploadedRead.body })
    },
    uploadFailed: ({ page }, event) => {
      const failure = event.error as CallFailure
      return eventually(() =>
        onLatestUpload(
          page,
          failure.response
            ? { status: failure.response.status, body: failure.response.data }
            : { fail: true },
        ),
      )
    },
    cancel: async ({ page }) => {
      await attachment(page).getByRole('button', { name: 'Cancel upload' }).click()
      await eventually(async () => expect((await heldUploads(page)).at(-1)?.aborted).toBe(true))
    },
    retry: async ({ page }) => {
      const before = (await heldUploads(page)).length
      await attachment(page).getByRole('button', { name: 'Try again' }).click()
      await uploadsSent(page, before + 1)
    },
    remove: ({ page }) => attachment(page).getByRole('button', { name: 'Remove' }).click(),
  },
  states: {
    picking: async ({ page }) => {
      await picks.get(page)
      await attachment(page).waitFor({ timeout: 15_000 })
    },
    uploading: async ({ page, snapshot }) => {
      await picks.get(page)
      await eventually(async () => {
        const { file, sent } = snapshot.context
        const bar = progressBar(page, file.name)
        expect(await bar.evaluate((element) => (element as HTMLProgressElement).value)).toBe(sent)
        expect(await bar.evaluate((element) => (element as HTMLProgressElement).max)).toBe(
          file.size,
        )
        // Drawn, and as wide as the row allows: a visitor sees it move.
        const box = await bar.boundingBox()
        expect(box?.width ?? 0).toBeGreaterThan(40)
        expect(
          await attachment(page).getByRole('button', { name: 'Cancel upload' }).isVisible(),
        ).toBe(true)
      })
    },
    uploaded: ({ page }) =>
      eventually(async () => {
        expect(await attachment(page).getByText('Uploaded').isVisible()).toBe(true)
        expect(await attachment(page).getByRole('progressbar').count()).toBe(0)
      }),
    refused: async ({ page, snapshot }) => {
      await picks.get(page)
      await eventually(async () => {
        const expected =
          snapshot.context.message ??
          (snapshot.context.refusal === 'tooLarge' ? 'This file is larger than 10 MB.' : '')
        expect(await attachment(page).getByRole('alert').textContent()).toBe(expected)
        expect(await attachment(page).getByRole('button', { name: 'Try again' }).count()).toBe(0)
      })
    },
    failed: ({ page }) =>
      eventually(async () => {
        expect(await attachment(page).getByRole('alert').textContent()).toBe(
          'The file could not be uploaded.',
        )
        expect(await attachment(page).getByRole('button', { name: 'Try again' }).isVisible()).toBe(
          true,
        )
      }),
    cancelled: ({ page }) => eventually(async () => expect(await attachment(page).count()).toBe(0)),
  },
})
