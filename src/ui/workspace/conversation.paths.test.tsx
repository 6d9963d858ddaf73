import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { conversationMachine } from '../../../machines/conversation-machine'
import {
  arrived,
  conversationPathEvents,
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
  // Once a message is stored, sending another only counts one more: the paths stop there.
  possible: (snapshot, event) => !(event.type === 'send' && snapshot.context.sent > 0),
  exec: {
    'xstate.done.actor.loadThread': async () => {
      const request = await network.next(threadPath)
      expect(request.method).toBe('GET')
      request.respond(threadRead.status, threadRead.body)
      // Read up to the newest message once shown.
      const read = await network.next(`${listPath}/${sentRequest.id}/read`)
      // (Its 204 has no body: left unanswered, as nothing on the page waits for it.)
      expect(read.body).toEqual({ upTo: '1' })
    },
    'xstate.error.actor.loadThread': async () => (await network.next(threadPath)).fail(),
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
    ready: async ({ snapshot }) => {
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
            'New message from The Puente Digital team: We have it, thank you.',
          ),
        )
      }
      // Messages from the agency after the last visit are marked.
      expect(thread().querySelectorAll('.thread-badge-new')).toHaveLength(
        snapshot.context.messages.filter((message) => message.isNew).length,
      )
      expect(status().length).toBeGreaterThan(0)
    },
    invalid: async () => {
      await waitFor(() =>
        expect(composerStatus()).toBe('Write your message first (up to 10,000 characters).'),
      )
    },
    sending: async () => {
      await waitFor(() =>
        expect(
          within(thread()).getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    rateLimited: async () => {
      await waitFor(() => expect(composerStatus()).toBe('Too many messages: wait a minute.'))
      // The draft is kept.
      expect(within(thread()).getByLabelText<HTMLTextAreaElement>('Your message').value).toBe(
        written,
      )
    },
    refused: async () => {
      await waitFor(() => expect(composerStatus()).toBe('Your message is too long.'))
    },
    sendFailed: async () => {
      await waitFor(() => expect(composerStatus()).toBe('Your message could not be sent.'))
      expect(within(thread()).getByRole('button', { name: 'Try again' })).toBeTruthy()
    },
  },
})
