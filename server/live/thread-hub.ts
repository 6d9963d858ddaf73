import pg, { type Pool } from 'pg'
import type { ThreadSide } from '../../src/domain/api/api-contract'
import { describeError } from '../log/describe-error'

/**
 * Live events of the requests' conversations, across instances, through PostgreSQL alone: a
 * message's transaction sends `NOTIFY thread_events` (delivered at its commit), and each instance
 * holds ONE connection that listens and fans the events out to the streams open on it. An open
 * stream is also a row of `thread_watchers`, refreshed by its instance's heartbeat, so any
 * instance can tell whether a side has the thread open somewhere (a message to a side that has
 * it open is not mailed).
 *
 * The notification carries ids only (a message may be longer than a notification's 8,000
 * bytes): each stream reads what it may show from the database.
 */
export const threadChannel = 'thread_events'

/** The topic of the agency's inbox stream: every thread's events. */
export const inboxTopic = '*'

export type ThreadEvent =
  | {
      readonly kind: 'message'
      readonly requestId: string
      readonly messageId: string
      readonly side: ThreadSide
      readonly internal: boolean
    }
  | {
      readonly kind: 'read'
      readonly requestId: string
      readonly side: ThreadSide
      readonly upTo: string
    }

/** The payload of `pg_notify(threadChannel, …)`: short keys, ids only. */
export function notificationPayload(event: ThreadEvent): string {
  return JSON.stringify(
    event.kind === 'message'
      ? { k: 'm', r: event.requestId, m: event.messageId, s: event.side, i: event.internal }
      : { k: 'r', r: event.requestId, s: event.side, u: event.upTo },
  )
}

const sides = new Set(['client', 'agency'])

export function parseNotification(payload: string | undefined): ThreadEvent | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Record<string, unknown>
    const { k, r, s } = value
    if (typeof r !== 'string' || typeof s !== 'string' || !sides.has(s)) return undefined
    const side = s as ThreadSide
    if (k === 'm' && typeof value.m === 'string')
      return { kind: 'message', requestId: r, messageId: value.m, side, internal: value.i === true }
    if (k === 'r' && typeof value.u === 'string')
      return { kind: 'read', requestId: r, side, upTo: value.u }
  } catch {
    // not ours
  }
  return undefined
}

/** One open stream, as the hub sees it. */
export type Subscriber = {
  /** A request id, or `inboxTopic` for every thread. */
  readonly topic: string
  /** Who has the thread open (recorded in `thread_watchers` while the stream lives). */
  readonly presence?: {
    readonly requestId: string
    readonly userId: string
    readonly side: ThreadSide
  }
  event(event: ThreadEvent): void
  /** Every heartbeat (a comment keeps proxies from closing an idle stream). */
  heartbeat(): void
  /** The listening connection was lost and is back: events may have been missed meanwhile. */
  resync(): void
  /** The instance is stopping: end the stream now. */
  end(): void
}

export type ThreadHub = {
  /** Resolves, once the instance listens, with the function that unsubscribes. */
  subscribe(subscriber: Subscriber): Promise<() => Promise<void>>
  /** Streams open on this instance. */
  readonly openStreams: number
  /** Ends every stream and the listening connection; no new stream is accepted. */
  close(): Promise<void>
}

export type ThreadHubOptions = {
  readonly pool: Pool
  /** The listening connection (default: a new client with the pool's settings). */
  readonly connect?: () => pg.Client
  readonly heartbeatMs?: number
  readonly reconnectMs?: number
  readonly log?: (message: string) => void
}

/** A thread is open on a side when one of its streams refreshed its row this recently. */
export const watcherFreshSeconds = 45

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
  log = () => {},
}: ThreadHubOptions): ThreadHub {
  const byTopic = new Map<string, Set<Subscriber>>()
  const watcherIds = new Map<Subscriber, string>()
  let listener: pg.Client | undefined
  let listening: Promise<void> | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = false

  const all = () => [...byTopic.values()].flatMap((set) => [...set])

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
      if (closed || byTopic.size === 0) return
      listen().then(
        () => {
          for (const subscriber of all()) subscriber.resync()
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
    const subscribers = all()
    for (const subscriber of subscribers) subscriber.heartbeat()
    const ids = subscribers.flatMap((s) => watcherIds.get(s) ?? [])
    if (ids.length === 0) return
    await pool
      .query('UPDATE thread_watchers SET seen_at = now() WHERE id = ANY($1::uuid[])', [ids])
      .catch((error: unknown) =>
        log(`Live events: heartbeat not recorded: ${describeError(error)}`),
      )
  }

  async function unsubscribe(subscriber: Subscriber) {
    const set = byTopic.get(subscriber.topic)
    if (!set?.delete(subscriber)) return
    if (set.size === 0) byTopic.delete(subscriber.topic)
    const watcherId = watcherIds.get(subscriber)
    watcherIds.delete(subscriber)
    if (watcherId)
      await pool
        .query('DELETE FROM thread_watchers WHERE id = $1', [watcherId])
        .catch((error: unknown) => log(`Live events: watcher not removed: ${describeError(error)}`))
  }

  return {
    get openStreams() {
      return all().length
    },
    async subscribe(subscriber) {
      if (closed) throw new HubClosedError()
      await listen()
      if (closed) throw new HubClosedError()
      if (subscriber.presence) {
        const { requestId, userId, side } = subscriber.presence
        const { rows } = await pool.query<{ id: string }>(
          'INSERT INTO thread_watchers (request_id, user_id, side) VALUES ($1, $2, $3) RETURNING id',
          [requestId, userId, side],
        )
        if (rows[0]) watcherIds.set(subscriber, rows[0].id)
      }
      const set = byTopic.get(subscriber.topic) ?? new Set()
      set.add(subscriber)
      byTopic.set(subscriber.topic, set)
      if (!heartbeat) {
        heartbeat = setInterval(() => void beat(), heartbeatMs)
        heartbeat.unref()
      }
      return () => unsubscribe(subscriber)
    },
    async close() {
      if (closed) return
      closed = true
      if (heartbeat) clearInterval(heartbeat)
      if (retry) clearTimeout(retry)
      const subscribers = all()
      for (const subscriber of subscribers) subscriber.end()
      await Promise.all(subscribers.map((subscriber) => unsubscribe(subscriber)))
      const client = listener
      listener = undefined
      await client?.end().catch(() => {})
    },
  }
}
