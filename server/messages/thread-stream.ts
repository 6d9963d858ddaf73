import type { Context, Handler } from 'hono'
import type { ThreadSide } from '../../domain/api/api-contract'
import { tooManyRequests, unavailable } from '../http/answers'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { type StreamOwner, StreamRefusedError } from '../live/stream-admission'
import { inboxTopic, type ThreadEvent } from '../live/thread-events'
import { HubClosedError } from '../live/thread-hub'
import { describeError } from '../log/describe-error'
import type { MessagesDeps } from './messages-deps'
import { threadNotFound, threadOfPath, viewerOf } from './thread-handlers'
import {
  loadMessage,
  loadMessagesAfter,
  type MessageRow,
  newestMessageId,
  readMark,
  toViewerMessage,
  unansweredThreads,
} from './thread-store'

const encoder = new TextEncoder()

/** An SSE event's lines (`data` is JSON: one line, whatever it holds). */
function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/**
 * The last message a reconnecting stream received: `Last-Event-ID`, which the browser sends when
 * it reconnects by itself, else `?lastEventId=`, which the page adds when it opens a stream again
 * after the server refused one (a new EventSource cannot set the header).
 */
function lastEventId(c: Context<AccountEnv>): number | undefined {
  const given = (c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? '').trim()
  return /^\d{1,18}$/.test(given) ? Number(given) : undefined
}

/**
 * What one live event costs the database on an instance, whatever the number of streams it
 * reaches: the hub hands every stream of the instance the same event object, so the first
 * stream to need the message (or the inbox's count) reads it and the others share the read.
 */
const messagesOfEvents = new WeakMap<ThreadEvent, Promise<MessageRow | undefined>>()
const countsOfEvents = new WeakMap<ThreadEvent, Promise<number>>()

function sharedRead<T>(
  cache: WeakMap<ThreadEvent, Promise<T>>,
  event: ThreadEvent,
  read: () => Promise<T>,
): Promise<T> {
  const known = cache.get(event)
  if (known) return known
  const reading = read()
  cache.set(event, reading)
  return reading
}

type StreamParts = {
  readonly topic: string
  /** Who holds the stream: its row, the caps it counts against, the session it lives with. */
  readonly owner: StreamOwner
  /** Called once subscribed (catch up), on every event of the topic and after a resync. */
  readonly onEvent: (write: (text: string) => void, event: ThreadEvent | undefined) => Promise<void>
}

/** The stream's owner: the request's session, user and address key; `admin` behind the admin gate. */
function ownerOf(
  c: Context<AccountEnv>,
  side: ThreadSide,
  admin: boolean,
  requestId?: string,
): StreamOwner {
  const { session, user } = signedInOf(c)
  return {
    userId: user.id,
    sessionId: session.id,
    addressKey: c.get('clientIp'),
    admin,
    side,
    ...(requestId ? { requestId } : {}),
  }
}

/** When a stopping instance ends its streams: reconnect within 0.5 to 3 s, at random. */
export const stopRetryRangeMs = [500, 3000] as const

function stopRetryMs(): number {
  const [low, high] = stopRetryRangeMs
  return low + Math.floor(Math.random() * (high - low))
}

/**
 * An event stream on this instance's hub: `retry` first, then what `onEvent` writes, one at a
 * time in order; a heartbeat comment every beat; it ends when the reader goes away, the instance
 * stops (graceful stop does not wait for it), its lifetime is over or its session ended (the
 * browser then reconnects, through the gates again). 429 past the account's or the address's
 * cap; 503 when the instance is stopping or holds all the streams it may.
 */
async function openStream(deps: MessagesDeps, c: Context<AccountEnv>, parts: StreamParts) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  let closed = false
  let unsubscribe: (() => Promise<void>) | undefined
  const write = (text: string) => {
    if (closed || !controller) return
    try {
      controller.enqueue(encoder.encode(text))
    } catch {
      closed = true
    }
  }
  const finish = (stopping?: 'stopping') => {
    if (closed) return
    // The instance is stopping: the browser reconnects, to another instance, after a short
    // spread-out wait, so the streams of a stopped instance do not all arrive at once.
    if (stopping) write(`retry: ${stopRetryMs()}\n\n`)
    closed = true
    try {
      controller?.close()
    } catch {
      // already closed by the reader
    }
    void unsubscribe?.()
  }
  let turn = Promise.resolve()
  const next = (event: ThreadEvent | undefined) => {
    turn = turn
      .then(() => (closed ? undefined : parts.onEvent(write, event)))
      .catch((error: unknown) => {
        c.get('log').warn({ event: 'live.stream_failed', error: describeError(error) })
      })
  }
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
    },
    cancel() {
      closed = true
      void unsubscribe?.()
    },
  })
  try {
    unsubscribe = await deps.live.subscribe({
      topic: parts.topic,
      owner: parts.owner,
      event: (event) => next(event),
      heartbeat: () => write(': heartbeat\n\n'),
      resync: () => next(undefined),
      end: finish,
    })
  } catch (error) {
    closed = true
    if (error instanceof HubClosedError) return unavailable(c, 'unavailable', 2)
    if (error instanceof StreamRefusedError)
      return error.cap === 'instance'
        ? unavailable(c, 'busy', error.retryAfterSeconds)
        : tooManyRequests(c, error.retryAfterSeconds, { name: `live:${error.cap}` })
    throw error
  }
  write('retry: 2000\n\n')
  next(undefined)
  c.header('Content-Type', 'text/event-stream; charset=utf-8')
  // A buffering proxy (nginx) would hold the events back.
  c.header('X-Accel-Buffering', 'no')
  return c.body(body, 200)
}

/**
 * `GET …/service-requests/:id/events`: the thread's new messages as they are written, on any
 * instance (`ThreadStreamEvent`); the client's never carries an internal note (left out by the
 * same query as the page's when catching up, skipped by the event's flag live) nor a note's id
 * in the agency's read mark. While it is open the side counts as present: no digest is mailed
 * to it about this thread.
 */
export function threadStreamHandler(deps: MessagesDeps, side: ThreadSide): Handler<AccountEnv> {
  return async (c) => {
    const viewer = viewerOf(c, side)
    const thread = await threadOfPath(deps, c, side)
    if (!thread) return threadNotFound(c)
    let lastSent = lastEventId(c) ?? (await newestMessageId(deps.pool, thread.requestId, viewer))
    /** The viewer's read mark as of the last catch-up (what `isNew` compares with). */
    let upTo = 0
    const send = (write: (text: string) => void, row: MessageRow) => {
      write(sseEvent('message', toViewerMessage(row, viewer, upTo), String(row.id)))
      lastSent = Number(row.id)
    }
    return openStream(deps, c, {
      topic: thread.requestId,
      owner: ownerOf(c, side, side === 'agency', thread.requestId),
      async onEvent(write, event) {
        if (event?.kind === 'read') {
          if (event.side === side) return
          const mark = side === 'client' ? event.publicUpTo : event.upTo
          if (mark !== undefined && mark !== '0')
            write(sseEvent('read', { side: event.side, upTo: mark }))
          return
        }
        if (event?.kind === 'message') {
          // A client's stream skips an internal note's event without reading anything.
          if (event.internal && side === 'client') return
          // Messages of a thread commit one at a time (its advisory lock), in id order: the
          // event's message is the next one, read once for every stream of the instance.
          const row = await sharedRead(messagesOfEvents, event, () =>
            loadMessage(deps.pool, event.requestId, event.messageId),
          )
          if (row && Number(row.id) > lastSent && !(row.internal && side === 'client'))
            send(write, row)
          return
        }
        // Opened, or resynced after the listening connection was lost: catch up from lastSent.
        upTo = await readMark(deps.pool, thread.requestId, viewer.userId)
        for (;;) {
          const rows = await loadMessagesAfter(deps.pool, thread.requestId, viewer, lastSent)
          for (const row of rows) send(write, row)
          if (rows.length < 200) break
        }
      },
    })
  }
}

/**
 * `GET /api/v1/admin/events`: every thread's activity and the unanswered count, live (the count
 * read once per event for every inbox stream of the instance).
 */
export function inboxStreamHandler(deps: MessagesDeps): Handler<AccountEnv> {
  return async (c) =>
    openStream(deps, c, {
      topic: inboxTopic,
      owner: ownerOf(c, 'agency', true),
      async onEvent(write, event) {
        if (event?.kind !== 'message') return
        write(
          sseEvent('thread', {
            requestId: event.requestId,
            side: event.side,
            internal: event.internal,
            unansweredThreads: await sharedRead(countsOfEvents, event, () =>
              unansweredThreads(deps.pool),
            ),
          }),
        )
      },
    })
}
