import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ConversationDraft, ConversationMessage } from '../domain/workspace/conversation'
import { conversationMachine, type LoadedThread } from './conversation-machine'

const message = (id: string, createdAt: string, mine: boolean): ConversationMessage => ({
  id,
  createdAt,
  body: `Message ${id}`,
  mine,
  isNew: !mine,
  internal: false,
  side: mine ? 'client' : 'agency',
  author: mine ? 'You' : 'Puente Digital',
  authorName: mine ? 'Marta' : 'Ana',
  authorKey: mine ? 'client' : 'agency',
  files: [],
})

const first = message('m1', '2026-11-20T10:00:00.000Z', false)
const stored = message('m2', '2026-11-21T10:00:00.000Z', true)
const arrived = message('m3', '2026-11-22T10:00:00.000Z', false)
const draft: ConversationDraft = { body: 'Here is our logo.', uploadIds: ['u1'] }

const refusal = (status: number, text: string) => ({
  message: `Request failed with status code ${status}`,
  response: { status, data: { success: false, code: 'rate_limited', message: text, error: text } },
})

function started(
  send: (draft: ConversationDraft) => Promise<ConversationMessage>,
  load: () => Promise<LoadedThread> = async () => ({
    messages: [first],
    olderCursor: null,
  }),
  loadOlder: (cursor: string) => Promise<LoadedThread> = async (cursor) => {
    throw new Error(`No page before ${cursor}`)
  },
) {
  const markRead = vi.fn()
  const sent: ConversationDraft[] = []
  const actor = createActor(
    conversationMachine.provide({
      actors: {
        loadThread: fromPromise(load),
        loadOlder: fromPromise(({ input }) => loadOlder(input)),
        sendMessage: fromPromise(({ input }) => {
          sent.push(input)
          return send(input)
        }),
      },
      actions: { markRead },
    }),
  ).start()
  return { actor, markRead, sent }
}

const settled = (actor: ReturnType<typeof started>['actor']) =>
  new Promise<void>((resolve) => {
    const done = () =>
      !actor.getSnapshot().matches('loading') &&
      !actor.getSnapshot().matches({ open: { composer: 'sending' } }) &&
      !actor.getSnapshot().matches({ open: { history: 'loadingOlder' } })
    if (done()) resolve()
    actor.subscribe(() => done() && resolve())
  })

/** The composer region's state once the thread is open. */
const composer = (actor: ReturnType<typeof started>['actor']) => {
  const value = actor.getSnapshot().value
  return typeof value === 'string' ? value : value.open.composer
}

describe('conversation', () => {
  it('loads the thread, marks it read and appends the stored message once answered', async () => {
    const { actor, markRead, sent } = started(async () => stored)
    await settled(actor)
    expect(composer(actor)).toBe('ready')
    expect(markRead).toHaveBeenCalledTimes(1)
    actor.send({ type: 'send', draft })
    // Not optimistic: nothing is shown before the server stores it.
    expect(actor.getSnapshot().context.messages).toEqual([first])
    await settled(actor)
    expect(sent).toEqual([draft])
    expect(actor.getSnapshot().context).toMatchObject({
      messages: [first, stored],
      draft: undefined,
      sent: 1,
    })
  })

  it('adds a live message once, in time order, and remembers it for the announcement', async () => {
    const { actor, markRead } = started(async () => stored)
    await settled(actor)
    markRead.mockClear()
    actor.send({ type: 'received', message: arrived })
    actor.send({ type: 'received', message: arrived })
    // Seen on an open page: read at once, so the other side is not mailed about it.
    expect(markRead).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual(['m1', 'm3'])
    expect(actor.getSnapshot().context.arrived).toEqual(arrived)
    // The author's own message echoed by the stream is not announced, nor added twice.
    actor.send({ type: 'received', message: stored })
    actor.send({ type: 'send', draft })
    await settled(actor)
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3'])
    expect(actor.getSnapshot().context.arrived).toEqual(arrived)
  })

  it('keeps the draft through a 429, a 400 and a network failure, and retries it', async () => {
    const answers = [
      () => Promise.reject(refusal(429, 'Too many messages.')),
      () => Promise.reject(refusal(413, 'Over 100 MB.')),
      () => Promise.reject({ message: 'Network Error' }),
      async () => stored,
    ]
    const { actor, sent } = started(() => (answers.shift() ?? (async () => stored))())
    await settled(actor)
    actor.send({ type: 'send', draft })
    await settled(actor)
    expect(composer(actor)).toBe('rateLimited')
    expect(actor.getSnapshot().context.message).toBe('Too many messages.')
    actor.send({ type: 'send', draft })
    await settled(actor)
    expect(composer(actor)).toBe('refused')
    actor.send({ type: 'send', draft })
    await settled(actor)
    expect(composer(actor)).toBe('sendFailed')
    expect(actor.getSnapshot().context.draft).toEqual(draft)
    actor.send({ type: 'retry' })
    await settled(actor)
    expect(composer(actor)).toBe('ready')
    expect(sent).toHaveLength(4)
  })

  it('sends nothing for a blank or too long draft, or more than 5 files', async () => {
    const { actor, sent } = started(async () => stored)
    await settled(actor)
    for (const refused of [
      { body: '  \n ', uploadIds: [] },
      { body: 'x'.repeat(10_001), uploadIds: [] },
      { body: 'Files', uploadIds: ['1', '2', '3', '4', '5', '6'] },
    ]) {
      actor.send({ type: 'send', draft: refused })
      expect(composer(actor)).toBe('invalid')
    }
    actor.send({ type: 'send', draft: { body: 'x'.repeat(10_000), uploadIds: [] } })
    expect(composer(actor)).toBe('sending')
    await settled(actor)
    expect(sent).toHaveLength(1)
  })

  it('retries a failed load', async () => {
    let tries = 0
    const { actor, markRead } = started(
      async () => stored,
      async () => {
        tries += 1
        if (tries === 1) throw { message: 'Network Error' }
        return { messages: [], olderCursor: null }
      },
    )
    await settled(actor)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(markRead).not.toHaveBeenCalled()
    actor.send({ type: 'received', message: arrived })
    actor.send({ type: 'retry' })
    await settled(actor)
    expect(composer(actor)).toBe('ready')
    expect(actor.getSnapshot().context.messages).toEqual([])
  })

  it('adds older pages before the shown ones, once each, while a message is sent', async () => {
    const oldest = message('m0', '2026-11-19T10:00:00.000Z', true)
    const asked: string[] = []
    let failOnce = true
    let answerPage: (page: LoadedThread) => void = () => {}
    const { actor } = started(
      async () => stored,
      async () => ({ messages: [first], olderCursor: 'c1' }),
      (cursor) => {
        asked.push(cursor)
        if (failOnce) {
          failOnce = false
          return Promise.reject({ message: 'Network Error' })
        }
        return new Promise((resolve) => {
          answerPage = resolve
        })
      },
    )
    await settled(actor)
    expect(actor.getSnapshot().matches({ open: { history: 'more' } })).toBe(true)
    actor.send({ type: 'loadOlder' })
    await settled(actor)
    expect(actor.getSnapshot().matches({ open: { history: 'olderFailed' } })).toBe(true)
    // The failure is the history's own: the composer is untouched.
    expect(composer(actor)).toBe('ready')
    actor.send({ type: 'loadOlder' })
    actor.send({ type: 'send', draft })
    actor.send({ type: 'received', message: arrived })
    expect(actor.getSnapshot().value).toEqual({
      open: { composer: 'sending', history: 'loadingOlder' },
    })
    // The page overlaps what is shown (the first message): nothing appears twice.
    answerPage({ messages: [oldest, first], olderCursor: null })
    await settled(actor)
    expect(asked).toEqual(['c1', 'c1'])
    expect(actor.getSnapshot().value).toEqual({ open: { composer: 'ready', history: 'complete' } })
    expect(actor.getSnapshot().context.messages.map((shown) => shown.id)).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
    ])
    // The thread's start is shown: asking again does nothing.
    actor.send({ type: 'loadOlder' })
    expect(asked).toHaveLength(2)
  })

  it('keeps the other side’s furthest read mark: from the load, or live, never moving back', async () => {
    const { actor } = started(
      async () => stored,
      async () => ({
        messages: [first],
        olderCursor: null,
        seen: undefined,
      }),
    )
    // A mark arriving while the thread loads is kept unless the load's is further.
    actor.send({ type: 'seen', mark: { upTo: '9', at: '2026-11-22T10:00:00.000Z' } })
    await settled(actor)
    expect(actor.getSnapshot().context.seen).toEqual({ upTo: '9', at: '2026-11-22T10:00:00.000Z' })
    actor.send({ type: 'seen', mark: { upTo: '10', at: '2026-11-23T10:00:00.000Z' } })
    expect(actor.getSnapshot().context.seen?.upTo).toBe('10')
    // Ids compare as numbers ("9" is before "10"); an older mark changes nothing.
    actor.send({ type: 'seen', mark: { upTo: '9', at: '2026-11-24T10:00:00.000Z' } })
    expect(actor.getSnapshot().context.seen).toEqual({ upTo: '10', at: '2026-11-23T10:00:00.000Z' })
  })

  it('takes the load’s mark when it is further than one that arrived meanwhile', async () => {
    const { actor } = started(
      async () => stored,
      async () => ({
        messages: [first],
        olderCursor: null,
        seen: { upTo: '12', at: '2026-11-21T10:00:00.000Z' },
      }),
    )
    actor.send({ type: 'seen', mark: { upTo: '3', at: '2026-11-20T10:00:00.000Z' } })
    await settled(actor)
    expect(actor.getSnapshot().context.seen?.upTo).toBe('12')
  })
})
