import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { conversationMachine } from '../../../machines/conversation-machine'
import {
  arrived,
  conversationPathEvents,
  conversationPathPossible,
  earlier,
  olderRead,
  sentRead,
  stored,
  threadRead,
  written,
} from '../../../tests/doubles/conversation-answers'
import { installFakeEventSource } from '../../../tests/doubles/fake-event-source'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { myRequestsRead } from '../../../tests/doubles/my-requests-answers'
import { sentRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
let stream = installFakeEventSource()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const listPath = '/api/v1/me/service-requests'
const threadPath = `${listPath}/${sentRequest.id}/messages`
const eventsPath = `${listPath}/${sentRequest.id}/events`

const thread = () => screen.getByRole('region', { name: 'Messages' })
const status = () => within(thread()).getAllByRole('status')
const composerStatus = () => thread().querySelector('.composer [role="status"]')?.textContent
const announcement = () => thread().querySelector(':scope > [role="status"]')?.textContent
const olderButton = () => within(thread()).getByRole('button', { name: /older messages/ })
const olderStatus = () => thread().querySelector('.thread-older [role="status"]')?.textContent

testMachinePaths(conversationMachine, {
  render: async () => {
    network = installFakeNetwork()
    stream = installFakeEventSource()
    const view = await renderSignedIn(`/my-services/${sentRequest.id}`)
    const requests = myRequestsRead(sentRequest)
    ;(await network.next(listPath)).respond(requests.status, requests.body)
    await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    await waitFor(() => expect(stream.streams(eventsPath)).toHaveLength(1))
    return view
  },
  events: conversationPathEvents,
  possible: conversationPathPossible,
  exec: {
    'xstate.done.actor.loadThread': async () => {
      const request = await network.next(threadPath)
      expect(request.method).toBe('GET')
      request.respond(threadRead.status, threadRead.body)
      // Read up to the newest message once shown.
      const read = await network.next(`${listPath}/${sentRequest.id}/read`)
      // (Its 204 has no body: left unanswered, as nothing on the page waits for it.)
      expect(read.body).toEqual({ upTo: '2' })
    },
    'xstate.error.actor.loadThread': async () => (await network.next(threadPath)).fail(),
    loadOlder: ({ user }) => user.click(olderButton()),
    'xstate.done.actor.loadOlder': async () => {
      const request = await network.next(`${threadPath}?before=2`)
      expect(request.method).toBe('GET')
      request.respond(olderRead.status, olderRead.body)
    },
    'xstate.error.actor.loadOlder': async () =>
      (await network.next(`${threadPath}?before=2`)).fail(),
    retry: ({ user }) => user.click(within(thread()).getByRole('button', { name: 'Try again' })),
    send: async ({ user }, event) => {
      const field = within(thread()).getByLabelText('Your message')
      await user.clear(field)
      if (event.draft.body.trim() !== '') await user.type(field, event.draft.body)
      else await user.type(field, event.draft.body)
      await user.click(within(thread()).getByRole('button', { name: /Send message|Sending…/ }))
    },
    'xstate.done.actor.sendMessage': async () => {
      const request = await network.next(threadPath)
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ body: written, files: [] })
      request.respond(sentRead.status, sentRead.body)
    },
    'xstate.error.actor.sendMessage': async (_, event) =>
      (await network.next(threadPath)).failWith(event.error),
    seen: (_, event) => {
      const { upTo, at } = event.mark
      expect(stream.emit(eventsPath, 'read', { side: 'agency', upTo, at })).toBe(1)
    },
    received: (_, event) => {
      const message = event.message.id === arrived.id ? arrived : stored
      expect(stream.emit(eventsPath, 'message', message)).toBe(1)
    },
  },
  states: {
    loading: () => {
      expect(thread().querySelector('.result-panel')?.textContent).toBe('Loading the messages…')
    },
    failed: async () => {
      await within(thread()).findByRole('heading', { name: 'The messages could not be loaded.' })
    },
    'open.composer.ready': async ({ snapshot }) => {
      await waitFor(() =>
        expect(thread().querySelectorAll('.thread > li')).toHaveLength(
          snapshot.context.messages.length,
        ),
      )
      // Links in a message are links, opened without this page.
      const link = within(thread()).getByRole('link', { name: 'https://puente.example/brief' })
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
      const field = within(thread()).getByLabelText<HTMLTextAreaElement>('Your message')
      if (snapshot.context.sent > 0) {
        await waitFor(() => expect(composerStatus()).toBe('Message sent.'))
        expect(field.value).toBe('')
        // Line breaks kept as written.
        expect(
          [...thread().querySelectorAll('.thread-text')].map((text) => text.textContent),
        ).toContain(written)
      }
      if (snapshot.context.arrived) {
        await waitFor(() =>
          expect(announcement()).toBe(
            'New message from Ana · Puente Digital: We have it, thank you.',
          ),
        )
      }
      // Each message names its author beside a decorative avatar; the sides look apart.
      const agencyMessages = [...thread().querySelectorAll('.thread-message-agency')]
      for (const message of agencyMessages) {
        expect(message.querySelector('.thread-author strong')?.textContent).toBe(
          'Ana · Puente Digital',
        )
        expect(message.querySelector('.thread-avatar')?.getAttribute('aria-hidden')).toBe('true')
        expect(message.querySelector('.thread-avatar')?.textContent).toBe('A')
        expect(message.classList.contains('thread-message-mine')).toBe(false)
      }
      // "Seen" under the reader's newest message once the agency's mark reaches it.
      const seen = [...thread().querySelectorAll('.thread-seen')]
      if (snapshot.context.seen && snapshot.context.sent > 0) {
        await waitFor(() => expect(thread().querySelectorAll('.thread-seen')).toHaveLength(1))
        const under = thread().querySelector('.thread-seen')?.closest('li')
        expect(under?.getAttribute('data-message-id')).toBe(stored.id)
        expect(under?.querySelector('.thread-seen')?.textContent).toMatch(/^Seen /)
      } else expect(seen).toHaveLength(0)
      // Messages from the agency after the last visit are marked.
      expect(thread().querySelectorAll('.thread-badge-new')).toHaveLength(
        snapshot.context.messages.filter((message) => message.isNew).length,
      )
      expect(status().length).toBeGreaterThan(0)
    },
    'open.history.more': () => {
      expect(olderButton().textContent).toBe('Load older messages')
      expect(olderButton().getAttribute('aria-disabled')).toBe('false')
      expect(olderStatus()).toBe('')
    },
    'open.history.loadingOlder': async () => {
      await waitFor(() => expect(olderButton().textContent).toBe('Loading older messages…'))
      expect(olderButton().getAttribute('aria-disabled')).toBe('true')
    },
    'open.history.olderFailed': async () => {
      await waitFor(() =>
        expect(olderStatus()).toBe('The older messages could not be loaded. Try again.'),
      )
      expect(olderButton().getAttribute('aria-disabled')).toBe('false')
    },
    'open.history.complete': async () => {
      const start = await within(thread()).findByText('This is the start of the conversation.')
      expect(within(thread()).queryByRole('button', { name: /older messages/ })).toBeNull()
      // The button's focus moved to what replaced it.
      expect(document.activeElement).toBe(start)
      // The older page is above the newest, each message once.
      const bodies = [...thread().querySelectorAll('.thread-text')].map((text) => text.textContent)
      expect(bodies[0]).toBe(earlier.body)
      expect(new Set(bodies).size).toBe(bodies.length)
    },
    'open.composer.invalid': async () => {
      await waitFor(() =>
        expect(composerStatus()).toBe('Write your message first (up to 10,000 characters).'),
      )
    },
    'open.composer.sending': async () => {
      await waitFor(() =>
        expect(
          within(thread()).getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    'open.composer.rateLimited': async () => {
      await waitFor(() => expect(composerStatus()).toBe('Too many messages: wait a minute.'))
      // The draft is kept.
      expect(within(thread()).getByLabelText<HTMLTextAreaElement>('Your message').value).toBe(
        written,
      )
    },
    'open.composer.refused': async () => {
      await waitFor(() => expect(composerStatus()).toBe('Your message is too long.'))
    },
    'open.composer.sendFailed': async () => {
      await waitFor(() => expect(composerStatus()).toBe('Your message could not be sent.'))
      expect(within(thread()).getByRole('button', { name: 'Try again' })).toBeTruthy()
    },
  },
})
