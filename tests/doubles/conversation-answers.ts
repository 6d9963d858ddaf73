import type { ThreadMessage, ThreadMessageBody, ThreadPage } from '../../domain/api/api-contract'
import type { ConversationMessage } from '../../domain/workspace/conversation'
import type { conversationMachine } from '../../machines/conversation-machine'
import type { PathEvents, PathPossible } from '../paths/path-plan'
import { readAs, refused, unreachable } from './api-answers'

/** What a request's conversation reads and sends on its generated paths, and the answers. */

const apiMessage = (id: string, mine: boolean, body: string, createdAt: string): ThreadMessage => ({
  id,
  side: mine ? 'client' : 'agency',
  mine,
  body,
  files: [],
  createdAt,
  isNew: !mine,
  authorName: mine ? 'Marta' : 'Ana',
  authorId: mine ? clientAuthorId : agencyAuthorId,
})

/** The accounts of the client and of the agency's person who write on the paths. */
export const clientAuthorId = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f'
export const agencyAuthorId = '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d'

/** As the page shows a message (the model's context holds what the component's does). */
export const shown = (message: ThreadMessage): ConversationMessage => ({
  id: message.id,
  createdAt: message.createdAt,
  body: message.body,
  mine: message.mine,
  isNew: message.isNew,
  internal: false,
  side: message.side,
  author: message.mine ? 'You' : `${message.authorName} · Puente Digital`,
  authorName: message.authorName,
  authorKey: message.authorId ?? message.side,
  files: [],
})

/** The thread's first message: on the page before the newest. */
export const earlier = apiMessage(
  '1',
  true,
  'We would like a new website for our bakery.',
  '2026-11-20T09:00:00.000Z',
)
export const welcome = apiMessage(
  '2',
  false,
  'Thanks for your request!\nSee https://puente.example/brief for what we need.',
  '2026-11-21T09:00:00.000Z',
)
export const written = 'Here is our logo.\nTalk soon.'
export const stored = apiMessage('3', true, written, '2026-11-22T09:00:00.000Z')
export const arrived = apiMessage('4', false, 'We have it, thank you.', '2026-11-23T09:00:00.000Z')

/** The thread as the page first reads it: the agency's welcome, and older messages before it. */
export const threadRead = readAs<ThreadPage<ThreadMessage>>(
  'myThreadMessages',
  { success: true, messages: [welcome], olderCursor: welcome.id, newCount: 1, seen: null },
  'newest of many',
)

/** The page before it (`?before=<its olderCursor>`): the thread's start. */
export const olderRead = readAs<ThreadPage<ThreadMessage>>(
  'myThreadMessages',
  { success: true, messages: [earlier], olderCursor: null, newCount: 1, seen: null },
  'older page',
)

/** The message sent: stored, as the thread will show it. */
export const sentRead = readAs<ThreadMessageBody<ThreadMessage>>('sendMyThreadMessage', {
  success: true,
  message: 'Your message was sent.',
  threadMessage: stored,
})

export const conversationReads = [threadRead, olderRead, sentRead]

/** The pages as the page shows them (the model's actors resolve with these). */
const newestPage = { messages: [shown(welcome)], olderCursor: welcome.id }
const olderPage = { messages: [shown(earlier)], olderCursor: null }

export const conversationPathEvents: PathEvents<typeof conversationMachine> = (snapshot) => {
  const live = { type: 'received', message: shown(arrived) } as const
  if (snapshot.matches('loading'))
    return [
      live,
      { type: 'xstate.done.actor.loadThread', output: newestPage },
      { type: 'xstate.error.actor.loadThread', error: unreachable() },
    ]
  if (snapshot.matches('failed')) return [live]
  const history = snapshot.matches({ open: { history: 'loadingOlder' } })
    ? [
        { type: 'xstate.done.actor.loadOlder', output: olderPage } as const,
        { type: 'xstate.error.actor.loadOlder', error: unreachable() } as const,
      ]
    : []
  if (snapshot.matches({ open: { composer: 'sending' } }))
    return [
      ...history,
      live,
      { type: 'xstate.done.actor.sendMessage', output: shown(stored) },
      {
        type: 'xstate.error.actor.sendMessage',
        error: refused(429, 'rate_limited', 'Too many messages: wait a minute.'),
      },
      {
        type: 'xstate.error.actor.sendMessage',
        error: refused(400, 'invalid_fields', 'Your message is too long.', { body: 'Too long.' }),
      },
      { type: 'xstate.error.actor.sendMessage', error: unreachable() },
    ]
  return [
    ...history,
    { type: 'send', draft: { body: written, uploadIds: [] } },
    { type: 'send', draft: { body: ' ', uploadIds: [] } },
    { type: 'loadOlder' },
    live,
    // The agency reads the stored message; then a stale mark before it arrives late.
    { type: 'seen', mark: { upTo: stored.id, at: '2026-11-22T10:00:00.000Z' } },
    { type: 'seen', mark: { upTo: welcome.id, at: '2026-11-21T10:00:00.000Z' } },
  ]
}

/**
 * What a reader can cause on the paths: once a message is stored, sending another only counts
 * one more, so the paths stop there. Sending is explored while older messages may still be
 * loaded (the history's own transitions are the same whatever the composer does), and older
 * pages are asked for from a composer at rest, with or without a message arriving meanwhile.
 */
export const conversationPathPossible: PathPossible<typeof conversationMachine> = (
  snapshot,
  event,
) => {
  if (event.type === 'send')
    return snapshot.context.sent === 0 && snapshot.matches({ open: { history: 'more' } })
  // Read marks matter once the reader has a message of their own on screen; the stale one
  // only after the other (the guard's no).
  if (event.type === 'seen')
    return (
      snapshot.context.sent > 0 &&
      snapshot.context.arrived === undefined &&
      snapshot.matches({ open: { composer: 'ready', history: 'more' } }) &&
      (event.mark.upTo === stored.id) === (snapshot.context.seen === undefined)
    )
  if (event.type === 'loadOlder')
    return (
      snapshot.matches({ open: { composer: 'ready' } }) &&
      snapshot.context.sent === 0 &&
      snapshot.context.arrived === undefined
    )
  return true
}
