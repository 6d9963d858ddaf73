import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import type { RunningServer } from '../../server/test/server-process'
import { waitForHydration } from './navigation-helpers'
import { requestService } from './requested-service'
import { withDatabase } from './running-database'
import { startSecondInstance } from './second-instance'
import { describe, expect, test } from './signed-in'

// A conversation across two instances of the site on one PostgreSQL, as a deployment with N
// instances runs: the client's browser on instance A (the e2e server), the agency's on
// instance B (the same build in another process, nothing in memory shared). Each side's
// message reaches the other's open page live — within two seconds, no reload — carried by
// PostgreSQL alone (LISTEN/NOTIFY), in each language.

const texts = {
  'en-US': {
    message: 'Your message',
    reply: 'Reply',
    send: 'Send message',
    sent: 'Message sent.',
    announced: 'New message from Ana · Puente Digital:',
  },
  'es-MX': {
    message: 'Tu mensaje',
    reply: 'Respuesta',
    send: 'Enviar mensaje',
    sent: 'Mensaje enviado.',
    announced: 'Nuevo mensaje de Ana · Puente Digital:',
  },
} as const

/** How soon a message written on one side must show on the other's open page. */
const liveWithinMs = 2_000

const thread = (page: Page): Locator => page.locator('.workspace-thread')
const shown = (page: Page, text: string): Locator =>
  thread(page).locator('.thread-text').filter({ hasText: text })

/** Resolves once `side` has the thread open: its stream is registered in PostgreSQL. */
async function watching(requestId: string, side: 'client' | 'agency'): Promise<void> {
  await expect
    .poll(() =>
      withDatabase(async (db) => {
        const open = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM thread_watchers
           WHERE request_id = $1 AND side = $2 AND seen_at > now() - interval '45 seconds'`,
          [requestId, side],
        )
        return open.rows[0]?.n ?? 0
      }),
    )
    .toBeGreaterThan(0)
}

/** Opens `path` on `origin`, hydrated, and resolves with the origin the thread's stream uses. */
async function openThread(page: Page, origin: string, path: string, id: string): Promise<string> {
  const stream = page.waitForRequest((request) =>
    request.url().endsWith(`/service-requests/${id}/events`),
  )
  await page.goto(`${origin}${path}`)
  await waitForHydration(page)
  return new URL((await stream).url()).origin
}

let instanceB: (RunningServer & { stop(): Promise<void> }) | undefined
beforeAll(async () => {
  instanceB = await startSecondInstance()
})
afterAll(async () => {
  await instanceB?.stop()
})

describe.each(['en-US', 'es-MX'] as const)(
  'a conversation across two instances in %s',
  (locale) => {
    test.override({ locale })
    const t = texts[locale]

    test('the client on A and the agency on B each see the other’s message live', async ({
      client,
      admin,
    }) => {
      if (!instanceB) throw new Error('Instance B is not running')
      const a = new URL(inject('baseURL')).origin
      const b = new URL(instanceB.url).origin
      expect(b).not.toBe(a)
      const id = await requestService(client)
      const question = `Can we add a gallery of our cakes? (${locale})`
      const reply = `Yes, with up to forty photos (${locale}).`

      // Each side opens the thread on its own instance; each stream goes to that instance.
      const clientPage = client.page
      expect(await openThread(clientPage, a, `/my-services/${id}`, id)).toBe(a)
      await thread(clientPage).getByLabel(t.message).waitFor()
      const agencyPage = admin.page
      expect(await openThread(agencyPage, b, `/admin?id=${id}`, id)).toBe(b)
      await thread(agencyPage).getByLabel(t.reply).waitFor()
      await watching(id, 'client')
      await watching(id, 'agency')

      // The client writes on A: the agency's page on B shows it without a reload.
      await thread(clientPage).getByLabel(t.message).fill(question)
      await thread(clientPage).getByRole('button', { name: t.send }).click()
      await thread(clientPage).getByText(t.sent).waitFor()
      await shown(agencyPage, question).waitFor({ timeout: liveWithinMs })
      expect(new URL(agencyPage.url()).origin).toBe(b)

      // The agency replies on B: the client's page on A shows it and announces it politely.
      await thread(agencyPage).getByLabel(t.reply).fill(reply)
      await thread(agencyPage).getByRole('button', { name: t.send }).click()
      await shown(agencyPage, reply).waitFor()
      await shown(clientPage, reply).waitFor({ timeout: liveWithinMs })
      await expect
        .poll(() => thread(clientPage).locator(':scope > [role="status"]').textContent())
        .toBe(`${t.announced} ${reply}`)
      expect(new URL(clientPage.url()).origin).toBe(a)

      expect(client.errors).toEqual([])
      expect(admin.errors).toEqual([])
    })
  },
)
