import { vi } from 'vitest'

/**
 * A test double of the browser's EventSource at the network boundary: the page's real stream
 * code runs, and the test sends the server's events (`emit`) to every open stream of a path.
 */
export class FakeEventSource {
  static readonly CLOSED = 2
  static readonly open: FakeEventSource[] = []
  readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>()
  /** 2 (`CLOSED`) once closed, by the page or, in a test, as when the server refuses the stream. */
  readyState = 0
  constructor(readonly url: string) {
    FakeEventSource.open.push(this)
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void): void {
    const known = this.listeners.get(name) ?? new Set()
    known.add(listener)
    this.listeners.set(name, known)
  }
  removeEventListener(name: string, listener: (event: MessageEvent) => void): void {
    this.listeners.get(name)?.delete(listener)
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED
    const index = FakeEventSource.open.indexOf(this)
    if (index >= 0) FakeEventSource.open.splice(index, 1)
  }
}

export function installFakeEventSource() {
  FakeEventSource.open.length = 0
  vi.stubGlobal('EventSource', FakeEventSource)
  return {
    /**
     * Sends `event: name` with `data` as JSON (and `id`, when given) to the open streams whose URL
     * ends with `path` (a query string aside).
     */
    emit(path: string, name: string, data: unknown, id?: string): number {
      const streams = FakeEventSource.open.filter((source) => onPath(source, path))
      for (const source of streams)
        for (const listener of source.listeners.get(name) ?? [])
          listener(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id ?? '' }))
      return streams.length
    },
    /** The connection opened (the server answered with a stream). */
    opened(source: FakeEventSource): void {
      source.readyState = 1
      for (const listener of source.listeners.get('open') ?? []) listener(new MessageEvent('open'))
    },
    /**
     * The server answered with an error instead of a stream (401, 429, 503): the browser closes
     * the connection, tells the page (`error`) and does not reconnect.
     */
    refuse(source: FakeEventSource): void {
      source.readyState = FakeEventSource.CLOSED
      const index = FakeEventSource.open.indexOf(source)
      if (index >= 0) FakeEventSource.open.splice(index, 1)
      for (const listener of source.listeners.get('error') ?? [])
        listener(new MessageEvent('error'))
    },
    /** Open streams to `path`. */
    streams: (path: string) => FakeEventSource.open.filter((source) => onPath(source, path)),
  }
}

const onPath = (source: FakeEventSource, path: string) => source.url.split('?')[0]?.endsWith(path)
