import { apiBaseUrl } from './http-client'

/**
 * Listens to a server-sent event stream of the API (`text/event-stream`), handing each named
 * event's JSON `data` to its handler. The browser's EventSource reconnects by itself and sends
 * `Last-Event-ID`, so the server replays what the page missed. Returns how to stop.
 * A data line that is not JSON is skipped: the stream's contract is JSON.
 */
export function listenToEvents(
  path: string,
  handlers: Readonly<Record<string, (data: unknown) => void>>,
): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  const source = new EventSource(`${apiBaseUrl}${path}`)
  for (const [name, handle] of Object.entries(handlers)) {
    source.addEventListener(name, (event) => {
      const data = parse((event as MessageEvent<unknown>).data)
      if (data !== undefined) handle(data)
    })
  }
  return () => source.close()
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return undefined
  try {
    return JSON.parse(data) as unknown
  } catch {
    return undefined
  }
}
