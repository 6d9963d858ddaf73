import type { Context, Handler } from 'hono'
import type { ThreadSide } from '../../src/domain/api/api-contract'
import { unavailable } from '../http/answers'
import type { AccountEnv } from '../http/require-session'
import { HubClosedError, inboxTopic, type Subscriber, type ThreadEvent } from '../live/thread-hub'
import { describeError } from '../log/describe-error'
import { threadNotFound, threadOfPath, viewerOf } from './thread-handlers'
import {
  loadMessagesAfter,
  newestMessageId,
  readMark,
  toViewerMessage,
  unansweredThreads,
} from './thread-store'
import type { WorkspaceDeps } from './workspace-deps'

const encoder = new TextEncoder()

/** An SSE event's lines (`data` is JSON: one line, whatever it holds). */
function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** `Last-Event-ID`: the last message a reconnecting stream received. */
function lastEventId(c: Context<AccountEnv>): number | undefined {
  const header = c.req.header('last-event-id')?.trim() ?? ''
  return /^\d{1,18}$/.test(header) ? Number(header) : undefined
}

type StreamParts = {
  readonly topic: string
  readonly presence?: Subscriber['presence']
  /** Called once subscribed (catch up), on every event of the topic and after a resync. */
  readonly onEvent: (write: (text: string) => void, event: ThreadEvent | undefined) => Promise<void>
}

/**
 * An event stream on this instance's hub: `retry` first, then what `onEvent` writes, one at a
 * time in order; a heartbeat comment every beat; it ends when the reader goes away or the
 * instance stops (graceful stop does not wait for it). 503 when the instance is stopping.
 */
async function openStream(deps: WorkspaceDeps, c: Context<AccountEnv>, parts: StreamParts) {
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
  const finish = () => {
    if (closed) return
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
      ...(parts.presence ? { presence: parts.presence } : {}),
      event: (event) => next(event),
      heartbeat: () => write(': heartbeat\n\n'),
      resync: () => next(undefined),
      end: finish,
    })
  } catch (error) {
    closed = true
    if (error instanceof HubClosedError) return unavailable(c, 'unavailable', 2)
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
 * same query as the page's). While it is open the side counts as present: no digest is mailed to
 * it about this thread.
 */
export function threadStreamHandler(deps: WorkspaceDeps, side: ThreadSide): Handler<AccountEnv> {
  return async (c) => {
    const viewer = viewerOf(c, side)
    const thread = await threadOfPath(deps, c, side)
    if (!thread) return threadNotFound(c)
    let lastSent = lastEventId(c) ?? (await newestMessageId(deps.pool, thread.requestId, viewer))
    return openStream(deps, c, {
      topic: thread.requestId,
      presence: { requestId: thread.requestId, userId: viewer.userId, side },
      async onEvent(write, event) {
        if (event?.kind === 'read') {
          if (event.side !== side) write(sseEvent('read', { side: event.side, upTo: event.upTo }))
          return
        }
        // A client's stream skips an internal note's event without reading anything.
        if (event?.kind === 'message' && event.internal && side === 'client') return
        const upTo = await readMark(deps.pool, thread.requestId, viewer.userId)
        for (;;) {
          const rows = await loadMessagesAfter(deps.pool, thread.requestId, viewer, lastSent)
          for (const row of rows) {
            write(sseEvent('message', toViewerMessage(row, viewer, upTo), String(row.id)))
            lastSent = Number(row.id)
          }
          if (rows.length < 200) break
        }
      },
    })
  }
}

/** `GET /api/v1/admin/events`: every thread's activity and the unanswered count, live. */
export function inboxStreamHandler(deps: WorkspaceDeps): Handler<AccountEnv> {
  return async (c) =>
    openStream(deps, c, {
      topic: inboxTopic,
      async onEvent(write, event) {
        if (event?.kind !== 'message') return
        write(
          sseEvent('thread', {
            requestId: event.requestId,
            side: event.side,
            internal: event.internal,
            unansweredThreads: await unansweredThreads(deps.pool),
          }),
        )
      },
    })
}
