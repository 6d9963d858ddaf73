import { vi } from 'vitest'

/**
 * A test double of the browser's EventSource at the network boundary: the page's real stream
 * code runs, and the test sends the server's events (`emit`) to every open stream of a path.
 */
export class FakeEventSource {
  static readonly CLOSED = 2
  static readonly open: FakeEventSource[] = []
  readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>()
  closed = false
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
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
    const index = FakeEventSource.open.indexOf(this)
    if (index >= 0) FakeEventSource.open.splice(index, 1)
  }
}

export function installFakeEventSource() {
  FakeEventSource.open.length = 0
  vi.stubGlobal('EventSource', FakeEventSource)
  return {
    /** Sends `event: name` with `data` as JSON to the open streams whose URL ends with `path`. */
    emit(path: string, name: string, data: unknown): number {
      const streams = FakeEventSource.open.filter((source) => source.url.endsWith(path))
      for (const source of streams)
        for (const listener of source.listeners.get(name) ?? [])
          listener(new MessageEvent(name, { data: JSON.stringify(data) }))
      return streams.length
    },
    /** Open streams to `path`. */
    streams: (path: string) => FakeEventSource.open.filter((source) => source.url.endsWith(path)),
  }
}
