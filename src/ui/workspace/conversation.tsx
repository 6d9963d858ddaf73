import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import {
  type MouseEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { fromPromise } from 'xstate'
import { type ConversationMessage, reaches } from '../../../domain/workspace/conversation'
import { conversationMachine } from '../../../machines/conversation-machine'
import { LoadState } from '../load-state'
import { inspectorOptions } from '../machine-inspector'
import { AuthorAvatar } from './author-avatar'
import { Composer } from './composer'
import { useFileSize } from './file-size'
import { MessageText } from './message-text'
import type { ConversationEffects, ConversationReader } from './workspace-effects'
import './workspace.css'
import { momentStyle } from '../date-styles'

/**
 * A service request's thread with its composer, for the client's workspace page and the
 * agency's inbox alike (`reader` says which: the agency may write internal notes). Messages
 * from the other side newer than the reader's last visit are marked "New"; one that arrives
 * live is announced in a polite live region. The newest page shows first; "Load older
 * messages" adds the page before it above, keeping the message the reader was at where it was
 * on screen. The page gives the effects (its endpoints and stream): the view knows none.
 */
export function Conversation({
  effects,
  reader,
}: {
  readonly effects: ConversationEffects
  readonly reader: ConversationReader
}) {
  const { t } = useLingui()
  const [machine] = useState(() =>
    conversationMachine.provide({
      actors: {
        loadThread: fromPromise(() => effects.loadThread()),
        loadOlder: fromPromise(({ input }) => effects.loadOlder(input)),
        sendMessage: fromPromise(({ input }) => effects.sendMessage(input)),
      },
      actions: {
        markRead: ({ context }) => {
          const newest = context.messages.at(-1)
          if (newest) effects.markRead(newest.id)
        },
      },
    }),
  )
  const [snapshot, send, actor] = useMachine(machine, inspectorOptions)
  // The stream is the page's: the view only turns its messages into events.
  useEffect(
    () =>
      effects.subscribe({
        message: (message) => actor.send({ type: 'received', message }),
        seen: (mark) => actor.send({ type: 'seen', mark }),
      }),
    [effects, actor],
  )
  const headingId = useId()
  const { messages, arrived, seen } = snapshot.context
  // "Seen" goes under the newest message of the reader's side the other side may read.
  const newestOwn = messages.findLast((message) => message.mine && !message.internal)
  const seenOwn = newestOwn && reaches(seen, newestOwn.id) ? newestOwn.id : undefined
  const listRef = useRef<HTMLOListElement>(null)
  const startRef = useRef<HTMLParagraphElement>(null)
  const kept = useOlderPageScroll(listRef, messages)
  const history = (state: 'more' | 'loadingOlder' | 'olderFailed' | 'complete') =>
    snapshot.matches({ open: { history: state } })
  const loadingOlder = history('loadingOlder')
  // Once the reader has reached the thread's start the button goes; what replaces it says so
  // and takes the focus the button had.
  const askedForOlder = useRef<'no' | 'yes' | 'withFocus'>('no')
  const loadOlder = (event: MouseEvent<HTMLButtonElement>) => {
    if (loadingOlder) return
    askedForOlder.current = document.activeElement === event.currentTarget ? 'withFocus' : 'yes'
    kept.remember(messages[0]?.id)
    send({ type: 'loadOlder' })
  }
  const complete = history('complete')
  useEffect(() => {
    if (complete && askedForOlder.current === 'withFocus')
      startRef.current?.focus({ preventScroll: true })
  }, [complete])

  const body =
    snapshot.matches('loading') || snapshot.matches('failed') ? (
      <LoadState
        failed={snapshot.matches('failed')}
        loading={<Trans>Loading the messages…</Trans>}
        failure={<Trans>The messages could not be loaded.</Trans>}
        onRetry={() => send({ type: 'retry' })}
      />
    ) : (
      <>
        {complete ? (
          askedForOlder.current !== 'no' ? (
            <p className="thread-start" tabIndex={-1} ref={startRef}>
              <Trans>This is the start of the conversation.</Trans>
            </p>
          ) : null
        ) : (
          <div className="thread-older">
            <button
              type="button"
              className="button"
              aria-disabled={loadingOlder}
              onClick={loadOlder}
            >
              {loadingOlder ? (
                <Trans>Loading older messages…</Trans>
              ) : (
                <Trans>Load older messages</Trans>
              )}
            </button>
            <p className="thread-older-status" role="status">
              {history('olderFailed') ? (
                <Trans>The older messages could not be loaded. Try again.</Trans>
              ) : null}
            </p>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="thread-empty">
            {reader === 'client' ? (
              <Trans>No messages yet. Write to us below: we answer within one working day.</Trans>
            ) : (
              <Trans>No messages yet.</Trans>
            )}
          </p>
        ) : (
          <ol className="thread" ref={listRef}>
            {messages.map((message) => (
              <li key={message.id} data-message-id={message.id}>
                <ThreadMessage
                  message={message}
                  fresh={message.isNew}
                  fileHref={effects.fileHref}
                />
                {seen && message.id === seenOwn ? <SeenNote at={seen.at} /> : null}
              </li>
            ))}
          </ol>
        )}
        {effects.allFilesHref && messages.some((message) => message.files.length > 0) ? (
          <p className="thread-all-files">
            <a href={effects.allFilesHref} download>
              <Trans>Download every file of this conversation (ZIP)</Trans>
            </a>
          </p>
        ) : null}
        <Composer
          reader={reader}
          snapshot={snapshot}
          onSend={(draft) => send({ type: 'send', draft })}
          onRetry={() => send({ type: 'retry' })}
          upload={effects.uploadFile}
        />
      </>
    )

  return (
    <section className="workspace-thread" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Messages</Trans>
      </h2>
      {body}
      <p className="visually-hidden" role="status" aria-live="polite">
        {arrived ? t`New message from ${arrived.author}: ${arrived.body}` : ''}
      </p>
    </section>
  )
}

/**
 * What scrolls `element` vertically: its nearest ancestor that scrolls on its own (the inbox's
 * pane beside the list on a wide screen), else the window.
 */
function scroller(element: Element): Element | Window {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box)
    if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight)
      return box
  }
  return window
}

/**
 * Keeps the message the reader was at in place when an older page is added above it: its
 * distance from the top of the window is noted when the page is asked for and given back once
 * the older messages are in, by what scrolls the thread (the window, or a pane of its own; a
 * browser that anchors scrolling itself has already kept it, and then nothing moves).
 */
function useOlderPageScroll(
  listRef: RefObject<HTMLOListElement | null>,
  messages: readonly ConversationMessage[],
) {
  const anchor = useRef<{ readonly id: string; readonly top: number } | undefined>(undefined)
  const find = (id: string) =>
    [...(listRef.current?.children ?? [])].find(
      (item) => item.getAttribute('data-message-id') === id,
    ) ?? null
  useLayoutEffect(() => {
    const noted = anchor.current
    if (!noted || messages[0]?.id === noted.id) return
    anchor.current = undefined
    const element = find(noted.id)
    const moved = element ? element.getBoundingClientRect().top - noted.top : 0
    if (moved !== 0) (element ? scroller(element) : window).scrollBy(0, moved)
  })
  return {
    remember: (id: string | undefined) => {
      const element = id === undefined ? null : find(id)
      anchor.current =
        id !== undefined && element ? { id, top: element.getBoundingClientRect().top } : undefined
    },
  }
}

function ThreadMessage({
  message,
  fresh,
  fileHref,
}: {
  readonly message: ConversationMessage
  readonly fresh: boolean
  readonly fileHref: ConversationEffects['fileHref']
}) {
  const { i18n } = useLingui()
  const size = useFileSize()
  const classes = ['thread-message', `thread-message-${message.side}`]
  if (message.mine) classes.push('thread-message-mine')
  if (message.internal) classes.push('thread-message-internal')
  return (
    <article className={classes.join(' ')}>
      <header className="thread-meta">
        <span className="thread-author">
          <AuthorAvatar name={message.authorName} authorKey={message.authorKey} />
          <strong>{message.author}</strong>
        </span>{' '}
        <time dateTime={message.createdAt}>
          {i18n.date(new Date(message.createdAt), momentStyle)}
        </time>
        {fresh ? (
          <span className="thread-badge thread-badge-new">
            <Trans>New</Trans>
          </span>
        ) : null}
        {message.internal ? (
          <span className="thread-badge thread-badge-internal">
            <Trans>Internal note: the client never sees it</Trans>
          </span>
        ) : null}
      </header>
      <MessageText text={message.body} />
      {message.files.length > 0 ? (
        <ul className="thread-files">
          {message.files.map((file) => (
            <li key={file.id}>
              <a href={fileHref(file)} download={file.name}>
                <Trans>
                  Download {file.name} ({size(file.size)})
                </Trans>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  )
}

/** Under the reader's newest message once the other side has read it; when, on hover or heard. */
function SeenNote({ at }: { readonly at: string }) {
  const { i18n, t } = useLingui()
  const when = i18n.date(new Date(at), momentStyle)
  return (
    <p className="thread-seen" title={t`Seen ${when}`}>
      <Trans>Seen</Trans>
      <span className="visually-hidden"> {when}</span>
    </p>
  )
}
