import { vi } from 'vitest'

/**
 * A test double of XMLHttpRequest at the network boundary, for uploads (fetch cannot report an
 * upload's progress, so the page's upload uses XHR): each request waits until the test makes
 * it progress, answers it or fails it.
 */
export type PendingUpload = {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly aborted: () => boolean
  progress(loaded: number): void
  respond(status: number, body: unknown): void
  fail(): void
}

type Listener = (event: ProgressEvent) => void

class FakeXhr {
  static readonly sent: PendingUpload[] = []
  status = 0
  responseText = ''
  private url = ''
  private readonly headers: Record<string, string> = {}
  private readonly listeners = new Map<string, Listener[]>()
  private readonly uploadListeners = new Map<string, Listener[]>()
  private done = false
  private wasAborted = false
  readonly upload = {
    addEventListener: (name: string, listener: Listener) =>
      this.uploadListeners.set(name, [...(this.uploadListeners.get(name) ?? []), listener]),
  }
  open(_method: string, url: string): void {
    this.url = url
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value
  }
  addEventListener(name: string, listener: Listener): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
  }
  private fire(name: string, on: Map<string, Listener[]>, loaded = 0) {
    for (const listener of on.get(name) ?? []) listener(new ProgressEvent(name, { loaded }))
  }
  abort(): void {
    if (this.done) return
    this.done = true
    this.wasAborted = true
    this.fire('abort', this.listeners)
  }
  send(body: unknown): void {
    FakeXhr.sent.push({
      url: this.url,
      headers: { ...this.headers },
      body,
      aborted: () => this.wasAborted,
      progress: (loaded) => {
        if (!this.done) this.fire('progress', this.uploadListeners, loaded)
      },
      respond: (status, answer) => {
        if (this.done) return
        this.done = true
        this.status = status
        this.responseText = JSON.stringify(answer)
        this.fire('load', this.listeners)
      },
      fail: () => {
        if (this.done) return
        this.done = true
        this.fire('error', this.listeners)
      },
    })
  }
}

export function installFakeUploads() {
  FakeXhr.sent.length = 0
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return {
    sent: FakeXhr.sent,
    /** The latest upload sent (waits until the page has sent one more than `after`). */
    async next(after: number, timeoutMs = 2000): Promise<PendingUpload> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = FakeXhr.sent[after]
        if (found) return found
        if (Date.now() > deadline) throw new Error('No upload was sent')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
  }
}
