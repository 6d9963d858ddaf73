import { assign, setup } from 'xstate'
import { failureStatus } from '../domain/api/api-contract'
import {
  type ConversationDraft,
  type ConversationMessage,
  type ConversationReadMark,
  furtherMark,
  isValidDraft,
  reaches,
} from '../domain/workspace/conversation'
import { messageActions, showServerText } from './form-flow'
import { injectedCall } from './injected-call'

/**
 * One service request's thread, on the client's workspace page and in the agency's inbox:
 *
 *   loading → open | failed;  failed → (retry) loading
 *   open, two regions side by side:
 *     composer: ready → (send) sending | invalid (the draft is empty or too long: not sent)
 *       sending → ready (the stored message appended) | rateLimited (429) | refused (400, 413)
 *               | sendFailed (any other failure);  sendFailed → (retry) sending, draft kept
 *       rateLimited | refused | invalid → (send) a corrected draft, as from ready
 *     history: more (the server has older messages) | complete (the thread's start is shown)
 *       more → (loadOlder) loadingOlder → more | complete, the older page added
 *            | olderFailed;  olderFailed → (loadOlder) loadingOlder
 *   in open: (received) a message that arrived live
 *   anywhere: (seen) the other side's read mark moved on (kept when it is further)
 *
 * A sent message is appended when the server answers with it, not optimistically: what the
 * thread shows is always what is stored (its id, time and files as the other side sees them),
 * and a refusal never has to take back a message already on screen. The draft stays in the
 * composer meanwhile, so nothing typed is lost. The live stream may deliver the same message
 * (the author's own, or one the first load already had): every message is added once, by id.
 *
 * The page shows the newest page of the thread first; older pages are added on request, each
 * before the ones shown. The history is a region of its own so that reading older messages
 * never interrupts a message being written or sent, and a message arriving meanwhile is added
 * as any other (by id: an older page and the live stream never show a message twice).
 *
 * Effects are injected: `loadThread` (the thread's newest page), `loadOlder` (the page before
 * a cursor), `sendMessage` (the draft,
 * resolving with the stored message) and `markRead` (tell the server the reader has seen the
 * thread up to its newest message, once loaded, after sending and whenever a message arrives
 * while the page is open; fire and forget). No timers, no I/O of its own.
 */

export type ConversationContext = {
  readonly messages: readonly ConversationMessage[]
  /** The draft being sent, kept through a failure. */
  readonly draft: ConversationDraft | undefined
  /** Messages sent in this visit: the view empties the composer each time it grows. */
  readonly sent: number
  /** The last message that arrived live from the other side: announced to screen readers. */
  readonly arrived: ConversationMessage | undefined
  /** The server's text for the current refusal or failure. */
  readonly message: string | undefined
  /** Where the page before the oldest shown one starts; null when the thread's start is shown. */
  readonly olderCursor: string | null
  /** How far the other side has read: the newest own message it reaches is marked "Seen". */
  readonly seen: ConversationReadMark | undefined
}

/** A page of the thread: its messages and the cursor of the page before it (null: none). */
export type LoadedThread = {
  readonly messages: readonly ConversationMessage[]
  readonly olderCursor: string | null
  /** The other side's read mark as the page was read (the newest page only). */
  readonly seen?: ConversationReadMark | undefined
}

export type ConversationEvent =
  | { readonly type: 'send'; readonly draft: ConversationDraft }
  | { readonly type: 'retry' }
  | { readonly type: 'received'; readonly message: ConversationMessage }
  | { readonly type: 'loadOlder' }
  | { readonly type: 'seen'; readonly mark: ConversationReadMark }

const inTimeOrder = (messages: readonly ConversationMessage[]): readonly ConversationMessage[] =>
  [...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt))

/** `messages` with each of `added` it does not have yet (by id), in time order. */
const withMessages = (
  messages: readonly ConversationMessage[],
  added: readonly ConversationMessage[],
): readonly ConversationMessage[] => {
  const known = new Set(messages.map((message) => message.id))
  const fresh = added.filter((message) => !known.has(message.id))
  return fresh.length === 0 ? messages : inTimeOrder([...messages, ...fresh])
}

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
  },
  actors: {
    loadThread: injectedCall<LoadedThread>('loadThread'),
    loadOlder: injectedCall<LoadedThread, string>('loadOlder'),
    sendMessage: injectedCall<ConversationMessage, ConversationDraft>('sendMessage'),
  },
  actions: {
    ...messageActions<ConversationContext, ConversationEvent>(),
    markRead: () => {},
    keepThread: assign(({ context }, { thread }: { readonly thread: LoadedThread }) => ({
      messages: inTimeOrder(thread.messages),
      olderCursor: thread.olderCursor,
      // A mark that arrived live while the thread loaded may be the further one.
      seen: furtherMark(context.seen, thread.seen),
    })),
    keepSeen: assign((_, { mark }: { readonly mark: ConversationReadMark }) => ({ seen: mark })),
    addOlder: assign(({ context }, { page }: { readonly page: LoadedThread }) => ({
      messages: withMessages(context.messages, page.messages),
      olderCursor: page.olderCursor,
    })),
    rememberDraft: assign((_, { draft }: { readonly draft: ConversationDraft }) => ({
      draft,
      message: undefined,
    })),
    appendSent: assign(({ context }, { message }: { readonly message: ConversationMessage }) => ({
      messages: withMessages(context.messages, [message]),
      draft: undefined,
      sent: context.sent + 1,
      message: undefined,
    })),
    appendArrived: assign(
      ({ context }, { message }: { readonly message: ConversationMessage }) => ({
        messages: withMessages(context.messages, [message]),
        arrived: message.mine ? context.arrived : message,
      }),
    ),
  },
  guards: {
    validDraft: (_, { draft }: { readonly draft: ConversationDraft }) => isValidDraft(draft),
    unknownMessage: ({ context }, { message }: { readonly message: ConversationMessage }) =>
      !context.messages.some((known) => known.id === message.id),
    hasOlder: ({ context }) => context.olderCursor !== null,
    // Marks never move back, but events may arrive out of order (a reconnect, a late load).
    furtherMark: ({ context }, { mark }: { readonly mark: ConversationReadMark }) =>
      !reaches(context.seen, mark.upTo),
    tooManyMessages: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 429,
    draftRefused: (_, { error }: { readonly error: unknown }) =>
      failureStatus(error) === 400 || failureStatus(error) === 413,
  },
}).createMachine({
  id: 'conversation',
  context: {
    messages: [],
    draft: undefined,
    sent: 0,
    arrived: undefined,
    message: undefined,
    olderCursor: null,
    seen: undefined,
  },
  initial: 'loading',
  on: {
    seen: {
      guard: { type: 'furtherMark', params: ({ event }) => ({ mark: event.mark }) },
      actions: { type: 'keepSeen', params: ({ event }) => ({ mark: event.mark }) },
    },
    received: {
      guard: { type: 'unknownMessage', params: ({ event }) => ({ message: event.message }) },
      actions: [
        { type: 'appendArrived', params: ({ event }) => ({ message: event.message }) },
        'markRead',
      ],
    },
  },
  states: {
    loading: {
      // A message arriving before the thread is loaded is in the thread the load answers with.
      on: { received: {} },
      invoke: {
        id: 'loadThread',
        src: 'loadThread',
        onDone: {
          target: 'open',
          actions: [
            { type: 'keepThread', params: ({ event }) => ({ thread: event.output }) },
            'markRead',
          ],
        },
        onError: { target: 'failed', actions: showServerText },
      },
    },
    failed: {
      on: {
        received: {},
        retry: { target: 'loading', actions: 'forgetMessage' },
      },
    },
    open: {
      type: 'parallel',
      states: {
        composer: {
          initial: 'ready',
          states: {
            ready: { on: { send: sendTo() } },
            invalid: { on: { send: sendTo() } },
            rateLimited: { on: { send: sendTo() } },
            refused: { on: { send: sendTo() } },
            sendFailed: {
              on: {
                send: sendTo(),
                retry: { target: 'sending', actions: 'forgetMessage' },
              },
            },
            sending: {
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => context.draft ?? { body: '', uploadIds: [] },
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'appendSent', params: ({ event }) => ({ message: event.output }) },
                    'markRead',
                  ],
                },
                onError: [
                  {
                    guard: {
                      type: 'tooManyMessages',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'rateLimited',
                    actions: showServerText,
                  },
                  {
                    // 400: the text or the files refused; 413: the request's files would pass 100 MB.
                    guard: {
                      type: 'draftRefused',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'refused',
                    actions: showServerText,
                  },
                  { target: 'sendFailed', actions: showServerText },
                ],
              },
            },
          },
        },
        history: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasOlder', target: 'more' }, { target: 'complete' }] },
            more: { on: { loadOlder: 'loadingOlder' } },
            loadingOlder: {
              invoke: {
                id: 'loadOlder',
                src: 'loadOlder',
                input: ({ context }) => context.olderCursor ?? '',
                onDone: {
                  target: 'checking',
                  actions: { type: 'addOlder', params: ({ event }) => ({ page: event.output }) },
                },
                onError: 'olderFailed',
              },
            },
            olderFailed: { on: { loadOlder: 'loadingOlder' } },
            complete: {},
          },
        },
      },
    },
  },
})

/** `send` from a state that accepts a draft: on to sending when it is valid, else `invalid`. */
function sendTo() {
  return [
    {
      guard: {
        type: 'validDraft',
        params: ({ event }: { readonly event: { readonly draft: ConversationDraft } }) => ({
          draft: event.draft,
        }),
      },
      target: 'sending',
      actions: {
        type: 'rememberDraft',
        params: ({ event }: { readonly event: { readonly draft: ConversationDraft } }) => ({
          draft: event.draft,
        }),
      },
    },
    { target: 'invalid' },
  ] as const
}
