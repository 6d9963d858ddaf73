import pg, { type Pool } from 'pg'
import { describeError } from '../log/describe-error'
import type { Logger } from '../log/logger'
import { sessionStanding } from '../sessions/session-store'
import {
  admit,
  defaultStreamLimits,
  type StreamLimits,
  type StreamOwner,
  StreamRefusedError,
} from './stream-admission'
import { inboxTopic, parseNotification, type ThreadEvent, threadChannel } from './thread-events'

/**
 * Live events of the requests' conversations, across instances, through PostgreSQL alone: a
 * message's transaction sends `NOTIFY thread_events` (delivered at its commit), and each instance
 * holds ONE connection that listens and fans the events out to the streams open on it. An open
 * stream is also a row of `thread_watchers`, refreshed by its instance's heartbeat, so any
 * instance can tell whether a side has the thread open somewhere (a message to a side that has
 * it open is not mailed), and how many streams an account or a client address holds on all the
 * instances together (the caps, `StreamLimits`).
 *
 * The notification carries ids only (a message may be longer than a notification's 8,000
 * bytes): the streams read what they may show from the database, once per event and instance
 * (server/messages/thread-stream.ts).
 *
 * A stream is authorised when it opens, and stays open only while its session lives: every few
 * seconds the hub asks, in one query, which of its streams' sessions are still alive (and still
 * an admin's, for the streams opened through the admin gate), and ends the others. Every stream
 * also ends after its lifetime; the browser reconnects with `Last-Event-ID`, through the gates
 * again, and the stream catches up from it.
 */

/** One open stream, as the hub sees it. */
export type Subscriber = {
  /** A request id, or `inboxTopic` for every thread. */
  readonly topic: string
  readonly owner: StreamOwner
  event(event: ThreadEvent): void
  /** Every heartbeat (a comment keeps proxies from closing an idle stream). */
  heartbeat(): void
  /** The listening connection was lost and is back: events may have been missed meanwhile. */
  resync(): void
  /**
   * The instance is stopping (`stopping`), the stream's lifetime is over or its session ended:
   * end it now.
   */
  end(stopping?: 'stopping'): void
}

export type ThreadHub = {
  /**
   * Resolves, once the instance listens and the stream is counted, with the function that
   * unsubscribes. Rejects with `HubClosedError` when the instance is stopping and with
   * `StreamRefusedError` past a cap.
   */
  subscribe(subscriber: Subscriber): Promise<() => Promise<void>>
  /** Streams open on this instance. */
  readonly openStreams: number
  /** Ends every stream and the listening connection; no new stream is accepted. */
  close(): Promise<void>
}

/** Why a stream ended before its reader left (a stop or its lifetime aside). */
export type EndReason = 'session' | 'role'

export type ThreadHubOptions = {
  readonly pool: Pool
  /** The listening connection (default: a new client with the pool's settings). */
  readonly connect?: () => pg.Client
  readonly heartbeatMs?: number
  readonly reconnectMs?: number
  readonly limits?: Partial<StreamLimits>
  /** The sessions' clock (default: the system's). */
  readonly now?: () => Date
  readonly log?: (message: string) => void
  /** A stream ended because its session ended or no longer has its role. */
  readonly onEnded?: (owner: StreamOwner, reason: EndReason) => void
}

/** `onEnded` as every instance has it: the security log's `live.stream_ended` line. */
export function logStreamEnded(logger: Logger): (owner: StreamOwner, reason: EndReason) => void {
  return (owner, reason) =>
    logger.info({ event: 'live.stream_ended', accountId: owner.userId, side: owner.side, reason })
}

export class HubClosedError extends Error {
  constructor() {
    super('The live events are closed: the server is stopping')
  }
}

export function createThreadHub({
  pool,
  connect = () => new pg.Client(pool.options),
  heartbeatMs = 15_000,
  reconnectMs = 1_000,
  limits: limitOptions = {},
  now = () => new Date(),
  log = () => {},
  onEnded = () => {},
}: ThreadHubOptions): ThreadHub {
  const limits: StreamLimits = { ...defaultStreamLimits, ...limitOptions }
  const subscribers = new Set<Subscriber>()
  const byTopic = new Map<string, Set<Subscriber>>()
  const watcherIds = new Map<Subscriber, string>()
  const lifetimes = new Map<Subscriber, NodeJS.Timeout>()
  /** Streams being admitted: they count against this instance's cap already. */
  let admitting = 0
  let listener: pg.Client | undefined
  let listening: Promise<void> | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let sessionCheck: NodeJS.Timeout | undefined
  let checking = false
  let retry: NodeJS.Timeout | undefined
  let closed = false

  function deliver(event: ThreadEvent) {
    for (const topic of [event.requestId, inboxTopic])
      for (const subscriber of byTopic.get(topic) ?? []) {
        try {
          subscriber.event(event)
        } catch (error) {
          log(`Live event not delivered to a stream: ${describeError(error)}`)
        }
      }
  }

  /** Connects and listens; on loss, reconnects after `reconnectMs` and resyncs every stream. */
  function listen(): Promise<void> {
    listening ??= (async () => {
      const client = connect()
      client.on('notification', (message) => {
        if (message.channel !== threadChannel) return
        const event = parseNotification(message.payload)
        if (event) deliver(event)
      })
      client.on('error', (error) => lost(client, error))
      client.on('end', () => lost(client, new Error('connection ended')))
      try {
        await client.connect()
        await client.query(`LISTEN ${threadChannel}`)
      } catch (error) {
        listening = undefined
        await client.end().catch(() => {})
        throw error
      }
      listener = client
    })()
    return listening
  }

  function lost(client: pg.Client, error: Error) {
    if (listener !== client || closed) return
    listener = undefined
    listening = undefined
    log(`Live events: the listening connection was lost (${error.message}); reconnecting`)
    client.end().catch(() => {})
    const again = () => {
      retry = undefined
      if (closed || subscribers.size === 0) return
      listen().then(
        () => {
          for (const subscriber of subscribers) subscriber.resync()
        },
        () => {
          retry = setTimeout(again, reconnectMs)
          retry.unref()
        },
      )
    }
    retry = setTimeout(again, reconnectMs)
    retry.unref()
  }

  async function beat() {
    for (const subscriber of subscribers) subscriber.heartbeat()
    const ids = [...watcherIds.values()]
    if (ids.length === 0) return
    await pool
      .query('UPDATE thread_watchers SET seen_at = now() WHERE id = ANY($1::uuid[])', [ids])
      .catch((error: unknown) =>
        log(`Live events: heartbeat not recorded: ${describeError(error)}`),
      )
  }

  /**
   * Ends the streams whose session is no longer alive, or no longer an admin's for a stream
   * opened as one: one query for all of this instance's streams. When the database does not
   * answer, the streams stay until the next check.
   */
  async function checkSessions() {
    if (checking || subscribers.size === 0) return
    checking = true
    try {
      const open = [...subscribers]
      const standing = await sessionStanding(
        pool,
        [...new Set(open.map((subscriber) => subscriber.owner.sessionId))],
        now(),
      )
      for (const subscriber of open) {
        const session = standing.get(subscriber.owner.sessionId)
        const reason: EndReason | undefined = !session
          ? 'session'
          : subscriber.owner.admin && !session.admin
            ? 'role'
            : undefined
        if (!reason || !subscribers.has(subscriber)) continue
        onEnded(subscriber.owner, reason)
        await retire(subscriber)
      }
    } catch (error) {
      log(`Live events: the streams' sessions were not checked: ${describeError(error)}`)
    } finally {
      checking = false
    }
  }

  /** Ends a stream from the server's side and forgets it. */
  async function retire(subscriber: Subscriber) {
    subscriber.end()
    await unsubscribe(subscriber)
  }

  async function unsubscribe(subscriber: Subscriber) {
    if (!subscribers.delete(subscriber)) return
    const set = byTopic.get(subscriber.topic)
    set?.delete(subscriber)
    if (set?.size === 0) byTopic.delete(subscriber.topic)
    clearTimeout(lifetimes.get(subscriber))
    lifetimes.delete(subscriber)
    const watcherId = watcherIds.get(subscriber)
    watcherIds.delete(subscriber)
    if (watcherId)
      await pool
        .query('DELETE FROM thread_watchers WHERE id = $1', [watcherId])
        .catch((error: unknown) => log(`Live events: watcher not removed: ${describeError(error)}`))
  }

  function startTimers() {
    if (!heartbeat) {
      heartbeat = setInterval(() => void beat(), heartbeatMs)
      heartbeat.unref()
    }
    if (!sessionCheck) {
      sessionCheck = setInterval(() => void checkSessions(), limits.checkMs)
      sessionCheck.unref()
    }
  }

  return {
    get openStreams() {
      return subscribers.size
    },
    async subscribe(subscriber) {
      if (closed) throw new HubClosedError()
      if (subscribers.size + admitting >= limits.perInstance)
        throw new StreamRefusedError('instance', 5)
      admitting += 1
      let watcherId: string
      try {
        await listen()
        if (closed) throw new HubClosedError()
        watcherId = await admit(pool, subscriber.owner, limits)
      } finally {
        admitting -= 1
      }
      subscribers.add(subscriber)
      watcherIds.set(subscriber, watcherId)
      if (closed) {
        await unsubscribe(subscriber)
        throw new HubClosedError()
      }
      const set = byTopic.get(subscriber.topic) ?? new Set()
      set.add(subscriber)
      byTopic.set(subscriber.topic, set)
      const lifetime = setTimeout(
        () => void retire(subscriber),
        limits.lifetimeMs * (1 - Math.random() / 5),
      )
      lifetime.unref()
      lifetimes.set(subscriber, lifetime)
      startTimers()
      return () => unsubscribe(subscriber)
    },
    async close() {
      if (closed) return
      closed = true
      if (heartbeat) clearInterval(heartbeat)
      if (sessionCheck) clearInterval(sessionCheck)
      if (retry) clearTimeout(retry)
      const open = [...subscribers]
      for (const subscriber of open) subscriber.end('stopping')
      await Promise.all(open.map((subscriber) => unsubscribe(subscriber)))
      const client = listener
      listener = undefined
      await client?.end().catch(() => {})
    },
  }
}
