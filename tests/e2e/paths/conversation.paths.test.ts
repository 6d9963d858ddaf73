import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { conversationMachine } from '../../../machines/conversation-machine'
import {
  arrived,
  conversationPathEvents,
  conversationPathPossible,
  earlier,
  olderRead,
  sentRead,
  threadRead,
  welcome,
  written,
} from '../../doubles/conversation-answers'
import { testMachinePathsInBrowser } from './browser-paths'
import { type HeldThread, holdThread } from './held-thread'
import { type PathClient, signedInPathClient } from './signed-in-client'

// A request's conversation in Chromium: the real page, client, machine and styles, signed in
// on the real server; the thread's answers and its live stream come from the same table as the
// jsdom paths, at the network boundary. What only a browser shows is checked here: the new
// message announced in the polite live region, the place kept when an older page is added
// above (real layout and scrolling), the sending button held while a message is on its way.

let client: PathClient | undefined
beforeAll(async () => {
  client = await signedInPathClient('conversation')
}, 120_000)
afterAll(async () => {
  await client?.close()
})
const signedIn = (): PathClient => {
  if (!client) throw new Error('The client is not signed in')
  return client
}

const threads = new WeakMap<Page, HeldThread>()
const heldThread = (page: Page): HeldThread => {
  const found = threads.get(page)
  if (!found) throw new Error('The thread is not held on this page')
  return found
}
/** Where the newest page's first message was on screen when the older page was asked for. */
const welcomeTopBefore = new WeakMap<Page, number>()

const thread = (page: Page) => page.locator('.workspace-thread')
const composerStatus = (page: Page) => thread(page).locator('.composer [role="status"]')
const announcement = (page: Page) => thread(page).locator(':scope > [role="status"]')
const olderButton = (page: Page) => thread(page).getByRole('button', { name: /older messages/ })
const olderStatus = (page: Page) => thread(page).locator('.thread-older [role="status"]')
const messageTop = (page: Page, id: string) =>
  thread(page)
    .locator(`[data-message-id="${id}"]`)
    .evaluate((item) => item.getBoundingClientRect().top)
const eventually = (assertion: () => Promise<void>) =>
  vi.waitFor(assertion, { timeout: 15_000, interval: 20 })

testMachinePathsInBrowser(conversationMachine, {
  url: () => `/my-services/${signedIn().requestId}`,
  // A short window, so the page scrolls and an older page added above can move what is read.
  context: { viewport: { width: 800, height: 480 } },
  prepare: async (page) => {
    // The signed-in page reads through React Query, which schedules its updates with timers:
    // with the page's clock paused they would never run. This machine has no timers of its
    // own (no delayed transition for the harness to step), so time runs as usual.
    await page.clock.resume()
    await page.context().addCookies([...signedIn().cookies])
    threads.set(page, await holdThread(page, signedIn().requestId))
  },
  events: conversationPathEvents,
  possible: conversationPathPossible,
  exec: {
    'xstate.done.actor.loadThread': async ({ page }) => {
      const read = await heldThread(page).nextRead()
      await read.respond(threadRead.status, threadRead.body)
      // Read up to the newest message once shown.
      await eventually(async () => expect(heldThread(page).readMarks).toEqual([welcome.id]))
    },
    'xstate.error.actor.loadThread': async ({ page }) => (await heldThread(page).nextRead()).fail(),
    retry: ({ page }) => thread(page).getByRole('button', { name: 'Try again' }).click(),
    loadOlder: async ({ page }) => {
      await olderButton(page).click()
      welcomeTopBefore.set(page, await messageTop(page, welcome.id))
    },
    'xstate.done.actor.loadOlder': async ({ page }) =>
      (await heldThread(page).nextRead(welcome.id)).respond(olderRead.status, olderRead.body),
    'xstate.error.actor.loadOlder': async ({ page }) =>
      (await heldThread(page).nextRead(welcome.id)).fail(),
    send: async ({ page }, event) => {
      await thread(page).getByLabel('Your message').fill(event.draft.body)
      await thread(page)
        .getByRole('button', { name: /Send message|Sending…/ })
        .click()
    },
    'xstate.done.actor.sendMessage': async ({ page }) => {
      const sent = await heldThread(page).nextSend()
      expect(sent.body).toEqual({ body: written, files: [] })
      await sent.respond(sentRead.status, sentRead.body)
    },
    'xstate.error.actor.sendMessage': async ({ page }, event) => {
      const sent = await heldThread(page).nextSend()
      const failure = event.error as CallFailure
      await (failure.response
        ? sent.respond(failure.response.status, failure.response.data)
        : sent.fail())
    },
    received: ({ page }) => heldThread(page).emit('message', arrived.id, arrived),
    // A read mark has no id of its own on the server's stream.
    seen: ({ page }, event) => heldThread(page).emit('read', '', { side: 'agency', ...event.mark }),
  },
  states: {
    loading: ({ page }) =>
      eventually(async () =>
        expect(await thread(page).locator('.result-panel').textContent()).toBe(
          'Loading the messages…',
        ),
      ),
    failed: ({ page }) =>
      thread(page).getByRole('heading', { name: 'The messages could not be loaded.' }).waitFor(),
    'open.composer.ready': ({ page, snapshot }) =>
      eventually(async () => {
        expect(await thread(page).locator('.thread > li').count()).toBe(
          snapshot.context.messages.length,
        )
        if (snapshot.context.sent > 0) {
          expect(await composerStatus(page).textContent()).toBe('Message sent.')
          expect(await thread(page).getByLabel('Your message').inputValue()).toBe('')
        }
        // "Seen" under the reader's newest message once the agency's mark reaches it.
        expect(await thread(page).locator('.thread-seen').count()).toBe(
          snapshot.context.seen && snapshot.context.sent > 0 ? 1 : 0,
        )
        // A message from the other side that arrived live is announced, politely.
        if (snapshot.context.arrived) {
          expect(await announcement(page).getAttribute('aria-live')).toBe('polite')
          expect(await announcement(page).textContent()).toBe(
            'New message from Ana · Puente Digital: We have it, thank you.',
          )
          // Read out, not shown: the region is visually hidden.
          expect(await announcement(page).getAttribute('class')).toContain('visually-hidden')
        } else expect(await announcement(page).textContent()).toBe('')
      }),
    'open.composer.invalid': ({ page }) =>
      eventually(async () =>
        expect(await composerStatus(page).textContent()).toBe(
          'Write your message first (up to 10,000 characters).',
        ),
      ),
    'open.composer.sending': ({ page }) =>
      eventually(async () => {
        const button = thread(page).getByRole('button', { name: 'Sending…' })
        expect(await button.getAttribute('aria-disabled')).toBe('true')
        expect(await thread(page).locator('.composer').getAttribute('aria-busy')).toBe('true')
      }),
    'open.composer.rateLimited': ({ page }) =>
      eventually(async () => {
        expect(await composerStatus(page).textContent()).toBe('Too many messages: wait a minute.')
        expect(await thread(page).getByLabel('Your message').inputValue()).toBe(written)
      }),
    'open.composer.refused': ({ page }) =>
      eventually(async () =>
        expect(await composerStatus(page).textContent()).toBe('Your message is too long.'),
      ),
    'open.composer.sendFailed': ({ page }) =>
      eventually(async () => {
        expect(await composerStatus(page).textContent()).toBe('Your message could not be sent.')
        expect(await thread(page).getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
      }),
    'open.history.more': ({ page }) =>
      eventually(async () => {
        expect(await olderButton(page).textContent()).toBe('Load older messages')
        expect(await olderButton(page).isVisible()).toBe(true)
        expect(await olderStatus(page).isVisible()).toBe(false)
      }),
    'open.history.loadingOlder': ({ page }) =>
      eventually(async () => {
        expect(await olderButton(page).textContent()).toBe('Loading older messages…')
        expect(await olderButton(page).getAttribute('aria-disabled')).toBe('true')
      }),
    'open.history.olderFailed': ({ page }) =>
      eventually(async () => {
        expect(await olderStatus(page).textContent()).toBe(
          'The older messages could not be loaded. Try again.',
        )
        expect(await olderStatus(page).isVisible()).toBe(true)
      }),
    'open.history.complete': ({ page }) =>
      eventually(async () => {
        const start = thread(page).getByText('This is the start of the conversation.')
        expect(await start.isVisible()).toBe(true)
        expect(await olderButton(page).count()).toBe(0)
        // The button's focus moved to what replaced it.
        expect(await start.evaluate((element) => element === document.activeElement)).toBe(true)
        // The older page is above, and the message the reader was at has not moved.
        expect(await thread(page).locator('.thread-text').first().textContent()).toBe(earlier.body)
        const before = welcomeTopBefore.get(page)
        if (before === undefined) throw new Error('No place was noted before the older page')
        expect(Math.abs((await messageTop(page, welcome.id)) - before)).toBeLessThanOrEqual(1)
      }),
  },
})
