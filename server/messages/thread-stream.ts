import type { Context, Handler } from 'hono'
import { type SSEMessage, type SSEStreamingApi, streamSSE } from 'hono/streaming'
import type { ThreadSide } from '../../domain/api/api-contract'
import { tooManyRequests, unavailable } from '../http/answers'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { type StreamOwner, StreamRefusedError } from '../live/stream-admission'
import { inboxTopic, type ThreadEvent } from '../live/thread-events'
import { HubClosedError } from '../live/thread-hub'
import { describeError } from '../log/describe-error'
import { nowOf } from '../sessions/clock'
import type { MessagesDeps } from './messages-deps'
import { threadNotFound, threadOfPath, viewerOf } from './thread-handlers'
import {
  loadMessage,
  loadMessagesAfter,
  type MessageRow,
  newestMessageId,
  otherSideReadMark,
  readMark,
  toViewerMessage,
  unansweredThreads,
} from './thread-store'

/** An SSE event (`data` is JSON: one line, whatever it holds). */
function sseEvent(event: string, data: unknown, id?: string): SSEMessage {
  return { event, data: JSON.stringify(data), ...(id === undefined ? {} : { id }) }
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
  /**
   * Called once subscribed (catch up), on every event of the topic and after a resync; each
   * `write` is awaited, so the events leave in order and at the reader's pace.
   */
  readonly onEvent: (
    write: (message: SSEMessage) => Promise<void>,
    event: ThreadEvent | undefined,
  ) => Promise<void>
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
 * An event stream on this instance's hub (Hono's `streamSSE`): `retry` first, then what
 * `onEvent` writes, one at a time in order; a heartbeat comment every beat; it ends when the
 * reader goes away, the instance stops (graceful stop does not wait for it), its lifetime is over
 * or its session ended (the browser then reconnects, through the gates again). The hub admits
 * the stream before any byte is answered: 429 past the account's or the address's cap; 503 when
 * the instance is stopping or holds all the streams it may. Events that arrive before the
 * response starts wait for it (`opened`), in order, behind the catch-up.
 */
async function openStream(deps: MessagesDeps, c: Context<AccountEnv>, parts: StreamParts) {
  let stream: SSEStreamingApi | undefined
  let closed = false
  let unsubscribe: (() => Promise<void>) | undefined
  let opened = () => {}
  let ended = () => {}
  const over = new Promise<void>((resolve) => {
    ended = resolve
  })
  const finish = (stopping?: 'stopping') => {
    if (closed) return
    closed = true
    // The instance is stopping: the browser reconnects, to another instance, after a short
    // spread-out wait, so the streams of a stopped instance do not all arrive at once.
    const last =
      stopping && stream
        ? stream.write(`retry: ${stopRetryMs()}\n\n`).then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve()
    void last.then(ended)
    void unsubscribe?.()
  }
  const write = async (message: SSEMessage) => {
    if (!closed) await stream?.writeSSE(message)
  }
  let turn = new Promise<void>((resolve) => {
    opened = resolve
  })
  const next = (event: ThreadEvent | undefined) => {
    turn = turn
      .then(() => (closed ? undefined : parts.onEvent(write, event)))
      .catch((error: unknown) => {
        c.get('log').warn({ event: 'live.stream_failed', error: describeError(error) })
      })
  }
  try {
    unsubscribe = await deps.live.subscribe({
      topic: parts.topic,
      owner: parts.owner,
      event: (event) => next(event),
      heartbeat: () => {
        if (!closed) void stream?.write(': heartbeat\n\n')
      },
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
  next(undefined)
  const response = streamSSE(c, async (sse) => {
    stream = sse
    sse.onAbort(finish)
    await sse.write('retry: 2000\n\n')
    opened()
    await over
  })
  // streamSSE's own `no-cache` and bare type give way to the API's `no-store` and the charset;
  // a buffering proxy (nginx) would hold the events back.
  response.headers.set('Cache-Control', 'no-store')
  response.headers.set('Content-Type', 'text/event-stream; charset=utf-8')
  response.headers.set('X-Accel-Buffering', 'no')
  return response
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
    const send = async (write: (message: SSEMessage) => Promise<void>, row: MessageRow) => {
      lastSent = Number(row.id)
      await write(sseEvent('message', toViewerMessage(row, viewer, upTo), String(row.id)))
    }
    return openStream(deps, c, {
      topic: thread.requestId,
      owner: ownerOf(c, side, side === 'agency', thread.requestId),
      async onEvent(write, event) {
        if (event?.kind === 'read') {
          if (event.side === side) return
          const mark = side === 'client' ? event.publicUpTo : event.upTo
          if (mark !== undefined && mark !== '0')
            // When the stream heard of it: the mark moved a moment ago.
            await write(
              sseEvent('read', { side: event.side, upTo: mark, at: nowOf(deps).toISOString() }),
            )
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
            await send(write, row)
          return
        }
        // Opened, or resynced after the listening connection was lost: catch up from lastSent,
        // and with the other side's read mark as it stands (one may have moved meanwhile).
        upTo = await readMark(deps.pool, thread.requestId, viewer.userId)
        const seen = await otherSideReadMark(deps.pool, thread, viewer)
        if (seen)
          await write(sseEvent('read', { side: side === 'agency' ? 'client' : 'agency', ...seen }))
        for (;;) {
          const rows = await loadMessagesAfter(deps.pool, thread.requestId, viewer, lastSent)
          for (const row of rows) await send(write, row)
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
        await write(
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
