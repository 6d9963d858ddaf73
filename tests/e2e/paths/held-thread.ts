import type { Page, Request, Route } from 'playwright-core'

/**
 * The network boundary of a request's workspace in the Chromium paths: the page's reads and
 * writes of the thread are held (Playwright's `page.route`) until the path's step answers them
 * from the same tables as the jsdom paths; its live stream is held open and sends what a step
 * emits; its read marks are answered at once (fire and forget) and kept for the test. The rest
 * — the session, the request list, the XSRF token — is the real server's.
 */
export type HeldCall = {
  readonly request: Request
  readonly body: unknown
  respond(status: number, body: unknown): Promise<void>
  /** What the network does when it is down: the call rejects. */
  fail(): Promise<void>
}

export type HeldThread = {
  /** The oldest unanswered read of the thread: its newest page, or the page before `before`. */
  nextRead(before?: string, timeoutMs?: number): Promise<HeldCall>
  /** The oldest unanswered message sent. */
  nextSend(): Promise<HeldCall>
  /** Waits until the page's stream is open, then sends it one event. */
  emit(event: string, id: string, data: unknown): Promise<void>
  /** The `upTo` of every read mark the page sent, in order. */
  readonly readMarks: string[]
}

const within = async <T>(what: string, find: () => T | undefined, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`${what} never came`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const held = (route: Route): HeldCall => ({
  request: route.request(),
  body: route.request().postDataJSON() as unknown,
  respond: (status, body) => route.fulfill({ status, contentType: 'application/json', json: body }),
  fail: () => route.abort('failed'),
})

/** Holds the workspace calls of request `requestId` on `page` (call before it opens). */
export async function holdThread(page: Page, requestId: string): Promise<HeldThread> {
  const base = `/api/v1/me/service-requests/${requestId}`
  const reads: Route[] = []
  const sends: Route[] = []
  const streams: Route[] = []
  const readMarks: string[] = []
  await page.route(
    (url) => url.pathname === `${base}/messages`,
    (route) => {
      if (route.request().method() === 'GET') reads.push(route)
      else sends.push(route)
    },
  )
  await page.route(
    (url) => url.pathname === `${base}/events`,
    (route) => {
      streams.push(route)
    },
  )
  await page.route(
    (url) => url.pathname === `${base}/read`,
    async (route) => {
      readMarks.push((route.request().postDataJSON() as { upTo: string }).upTo)
      await route.fulfill({ status: 204 })
    },
  )
  const take = (routes: Route[], match: (route: Route) => boolean) => {
    const index = routes.findIndex(match)
    return index >= 0 ? routes.splice(index, 1)[0] : undefined
  }
  return {
    readMarks,
    nextRead: async (before = '', timeoutMs = 5000) =>
      held(
        await within(
          `A read of the thread${before ? ` before ${before}` : ''}`,
          () =>
            take(
              reads,
              (route) =>
                (new URL(route.request().url()).searchParams.get('before') ?? '') === before,
            ),
          timeoutMs,
        ),
      ),
    nextSend: async () => held(await within('A message sent', () => take(sends, () => true))),
    emit: async (event, id, data) => {
      const stream = await within('The thread’s stream', () => take(streams, () => true), 10_000)
      // The answer ends after the event: the browser reconnects by itself (after `retry` ms,
      // its own timer, not the page's clock) and the next event takes the next connection.
      await stream.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
        body: `retry: 50\n\nevent: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`,
      })
    },
  }
}
