import { apiBaseUrl } from './http-client'

type Handler = (data: unknown) => void
type Handlers = Readonly<Record<string, Handler>>

/**
 * After the browser gave a stream up (the server answered with an error, not a stream: 429 past
 * the account's or the address's cap of open streams, 503 while an instance is full), it is opened
 * again after this long, then twice as long each time it is refused again, up to `reopenMaxMs`.
 */
export const reopenFirstMs = 15_000
export const reopenMaxMs = 5 * 60_000

/** One open stream of a path: its listeners, so a reopened connection gets them all again. */
interface SharedStream {
  source: EventSource
  readonly listeners: Map<string, Set<(event: Event) => void>>
  count: number
  /** The id of the last event received: a reopened stream continues after it. */
  lastEventId: string
  reopenMs: number
  reopen: ReturnType<typeof setTimeout> | undefined
}

// A page may listen to one stream from several places (the admin menu's Inbox count and the
// inbox's list both follow `/admin/events`). Each listener shares the path's one EventSource:
// a browser keeps at most six HTTP/1.1 connections per host, and a second stream would cost
// the server a second connection (and, for the inbox's, a second count of the unanswered
// threads at every message).
const openStreams = new Map<string, SharedStream>()

/**
 * Listens to a server-sent event stream of the API (`text/event-stream`), handing each named
 * event's JSON `data` to its handler. The browser's EventSource reconnects by itself when a
 * stream ends (the server ends each after its lifetime) and sends `Last-Event-ID`, so the server
 * replays what the page missed. When the server refuses the stream instead, the browser stops;
 * this opens it again later (`reopenFirstMs`), from the last event received (`?lastEventId=`).
 * Returns how to stop; the stream closes when its last listener stops.
 * A data line that is not JSON is skipped: the stream's contract is JSON.
 */
export function listenToEvents(path: string, handlers: Handlers): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  const url = `${apiBaseUrl}${path}`
  const stream = openStreams.get(url) ?? open(url)
  // A listener who arrives while the stream waits to be opened again does not wait.
  if (stream.source.readyState === EventSource.CLOSED) reconnect(url, stream)
  stream.count += 1
  const added = Object.entries(handlers).map(([name, handle]) => {
    const listener = (event: Event) => {
      const { data, lastEventId } = event as MessageEvent<unknown>
      if (lastEventId) stream.lastEventId = lastEventId
      const value = parse(data)
      if (value !== undefined) handle(value)
    }
    const known = stream.listeners.get(name) ?? new Set()
    known.add(listener)
    stream.listeners.set(name, known)
    stream.source.addEventListener(name, listener)
    return { name, listener }
  })
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    for (const { name, listener } of added) {
      stream.listeners.get(name)?.delete(listener)
      stream.source.removeEventListener(name, listener)
    }
    stream.count -= 1
    if (stream.count > 0) return
    clearTimeout(stream.reopen)
    stream.source.close()
    if (openStreams.get(url) === stream) openStreams.delete(url)
  }
}

function open(url: string): SharedStream {
  const stream: SharedStream = {
    source: new EventSource(url),
    listeners: new Map(),
    count: 0,
    lastEventId: '',
    reopenMs: reopenFirstMs,
    reopen: undefined,
  }
  watch(url, stream)
  openStreams.set(url, stream)
  return stream
}

/** Opens again after a refusal: `watch`'s timer, or a new listener who found it closed. */
function reconnect(url: string, stream: SharedStream): void {
  clearTimeout(stream.reopen)
  stream.reopen = undefined
  const since = stream.lastEventId
  const separator = url.includes('?') ? '&' : '?'
  stream.source = new EventSource(
    since === '' ? url : `${url}${separator}lastEventId=${encodeURIComponent(since)}`,
  )
  for (const [name, listeners] of stream.listeners)
    for (const listener of listeners) stream.source.addEventListener(name, listener)
  watch(url, stream)
}

/** Follows the connection: once open, the next refusal waits the shortest time again. */
function watch(url: string, stream: SharedStream): void {
  const { source } = stream
  source.addEventListener('open', () => {
    stream.reopenMs = reopenFirstMs
  })
  source.addEventListener('error', () => {
    // An error while the browser reconnects by itself is not a refusal: it is still CONNECTING.
    if (source.readyState !== EventSource.CLOSED || stream.source !== source) return
    if (stream.count === 0 || stream.reopen !== undefined) return
    stream.reopen = setTimeout(() => {
      if (stream.count > 0) reconnect(url, stream)
    }, stream.reopenMs)
    stream.reopenMs = Math.min(stream.reopenMs * 2, reopenMaxMs)
  })
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return undefined
  try {
    return JSON.parse(data) as unknown
  } catch {
    return undefined
  }
}
