import { apiBaseUrl } from './http-client'

type Handlers = Readonly<Record<string, (data: unknown) => void>>

/** One open stream of a path and how many listeners share it. */
interface SharedStream {
  readonly source: EventSource
  listeners: number
}

// A page may listen to one stream from several places (the admin menu's Inbox count and the
// inbox's list both follow `/admin/events`). Each listener shares the path's one EventSource:
// a browser keeps at most six HTTP/1.1 connections per host, and a second stream would cost
// the server a second connection (and, for the inbox's, a second count of the unanswered
// threads at every message).
const openStreams = new Map<string, SharedStream>()

/**
 * Listens to a server-sent event stream of the API (`text/event-stream`), handing each named
 * event's JSON `data` to its handler. The browser's EventSource reconnects by itself and sends
 * `Last-Event-ID`, so the server replays what the page missed. Returns how to stop; the stream
 * closes when its last listener stops.
 * A data line that is not JSON is skipped: the stream's contract is JSON.
 */
export function listenToEvents(path: string, handlers: Handlers): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  const url = `${apiBaseUrl}${path}`
  const known = openStreams.get(url)
  // A stream the browser gave up (the server answered with an error, not a stream) is not
  // reused: a new listener opens a new connection, as it would have alone.
  const stream =
    known && known.source.readyState !== EventSource.CLOSED
      ? known
      : { source: new EventSource(url), listeners: 0 }
  openStreams.set(url, stream)
  stream.listeners += 1
  const added = Object.entries(handlers).map(([name, handle]) => {
    const listener = (event: Event) => {
      const data = parse((event as MessageEvent<unknown>).data)
      if (data !== undefined) handle(data)
    }
    stream.source.addEventListener(name, listener)
    return { name, listener }
  })
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    for (const { name, listener } of added) stream.source.removeEventListener(name, listener)
    stream.listeners -= 1
    if (stream.listeners > 0) return
    stream.source.close()
    if (openStreams.get(url) === stream) openStreams.delete(url)
  }
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return undefined
  try {
    return JSON.parse(data) as unknown
  } catch {
    return undefined
  }
}
