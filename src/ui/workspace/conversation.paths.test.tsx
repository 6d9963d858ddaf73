import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { conversationMachine } from '../../../machines/conversation-machine'
import { refused, unreachable } from '../../../tests/doubles/api-answers'
import { installFakeEventSource } from '../../../tests/doubles/fake-event-source'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { sentRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'
import type { ThreadMessage, ThreadMessageBody, ThreadPage } from '../../domain/api/api-contract'
import type { ConversationMessage } from '../../domain/workspace/conversation'

let network = installFakeNetwork()
let stream = installFakeEventSource()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const listPath = '/api/v1/me/service-requests'
const threadPath = `${listPath}/${sentRequest.id}/messages`
const eventsPath = `${listPath}/${sentRequest.id}/events`

const apiMessage = (id: string, mine: boolean, body: string, createdAt: string): ThreadMessage => ({
  id,
  side: mine ? 'client' : 'agency',
  mine,
  body,
  files: [],
  createdAt,
  isNew: !mine,
})

// As the page shows them (the model's context holds what the component's does).
const shown = (message: ThreadMessage): ConversationMessage => ({
  id: message.id,
  createdAt: message.createdAt,
  body: message.body,
  mine: message.mine,
  isNew: message.isNew,
  internal: false,
  author: message.mine ? 'You' : 'The Puente Digital team',
  files: [],
})

const welcome = apiMessage(
  '1',
  false,
  'Thanks for your request!\nSee https://puente.example/brief for what we need.',
  '2026-11-21T09:00:00.000Z',
)
const written = 'Here is our logo.\nTalk soon.'
const stored = apiMessage('2', true, written, '2026-11-22T09:00:00.000Z')
const arrived = apiMessage('3', false, 'We have it, thank you.', '2026-11-23T09:00:00.000Z')

const page = (messages: readonly ThreadMessage[]): ThreadPage<ThreadMessage> => ({
  success: true,
  messages,
  olderCursor: null,
  newCount: messages.filter((message) => message.isNew).length,
})
const answer: ThreadMessageBody<ThreadMessage> = {
  success: true,
  message: 'Your message was sent.',
  threadMessage: stored,
}

const thread = () => screen.getByRole('region', { name: 'Messages' })
const status = () => within(thread()).getAllByRole('status')
const composerStatus = () => thread().querySelector('.composer [role="status"]')?.textContent
const announcement = () => thread().querySelector(':scope > [role="status"]')?.textContent

testMachinePaths(conversationMachine, {
  render: async () => {
    network = installFakeNetwork()
    stream = installFakeEventSource()
    const view = await renderSignedIn(`/my-services/${sentRequest.id}`)
    ;(await network.next(listPath)).respond(200, { success: true, requests: [sentRequest] })
    await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    await waitFor(() => expect(stream.streams(eventsPath)).toHaveLength(1))
    return view
  },
  events: (snapshot) => {
    const live = { type: 'received', message: shown(arrived) } as const
    if (snapshot.matches('loading'))
      return [
        live,
        { type: 'xstate.done.actor.loadThread', output: { messages: [shown(welcome)] } },
        { type: 'xstate.error.actor.loadThread', error: unreachable() },
      ]
    if (snapshot.matches('sending'))
      return [
        live,
        { type: 'xstate.done.actor.sendMessage', output: shown(stored) },
        {
          type: 'xstate.error.actor.sendMessage',
          error: refused(429, 'rate_limited', 'Too many messages: wait a minute.'),
        },
        {
          type: 'xstate.error.actor.sendMessage',
          error: refused(400, 'invalid_fields', 'Your message is too long.', {
            body: 'Too long.',
          }),
        },
        { type: 'xstate.error.actor.sendMessage', error: unreachable() },
      ]
    return [
      { type: 'send', draft: { body: written, uploadIds: [] } },
      { type: 'send', draft: { body: ' ', uploadIds: [] } },
      live,
    ]
  },
  // Once a message is stored, sending another only counts one more: the paths stop there.
  possible: (snapshot, event) => !(event.type === 'send' && snapshot.context.sent > 0),
  exec: {
    'xstate.done.actor.loadThread': async () => {
      const request = await network.next(threadPath)
      expect(request.method).toBe('GET')
      request.respond(200, page([welcome]))
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
      request.respond(201, answer)
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
