import { vi } from 'vitest'
import type { CallFailure } from '../../domain/api/api-contract'

/**
 * A test double at the network boundary: replaces `fetch` so the real HTTP client, mutations,
 * machine and components run, while each API call waits until the test answers it. The XSRF
 * endpoint answers at once, setting the XSRF-TOKEN cookie as the server would.
 */
export type PendingRequest = {
  readonly url: string
  readonly method: string
  readonly headers: Headers
  readonly body: unknown
  respond(status: number, body: unknown): void
  fail(): void
  /** Answers as `error` (what the HTTP client rejects with) says: the server's failure, or none. */
  failWith(error: unknown): void
}

export const testXsrfToken = 'test-xsrf-token'

/**
 * How long, in real time, `next` waits for the app to send a request: generous, so a loaded
 * machine is slow but never wrong (the wait ends as soon as the request is sent). The first
 * request of a page waits for its chunk, compiled on demand the first time: seconds on a
 * loaded two-core machine (a replay of the proposal editor's first path, alone in its run,
 * once saw its first read arrive after the 2 s this used to be).
 */
export const requestPatienceMs = 20_000

export function installFakeNetwork() {
  const pending: PendingRequest[] = []
  const seen: PendingRequest[] = []
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.endsWith('/api/v1/auth/xsrf-token')) {
      document.cookie = `XSRF-TOKEN=${testXsrfToken}; path=/`
      return new Response(null, { status: 204 })
    }
    return new Promise<Response>((resolve, reject) => {
      const request: PendingRequest = {
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        respond: (status, body) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'Content-Type': 'application/json' },
            }),
          ),
        // What fetch does when the network is down.
        fail: () => reject(new TypeError('Failed to fetch')),
        failWith: (error) => {
          const failure = error as CallFailure
          if (failure.response) request.respond(failure.response.status, failure.response.data)
          else request.fail()
        },
      }
      pending.push(request)
      seen.push(request)
    })
  })
  vi.stubGlobal('fetch', fetchDouble)
  return {
    seen,
    /** The oldest unanswered request to `path` (waits until the app has sent it). */
    async next(path: string, timeoutMs = requestPatienceMs): Promise<PendingRequest> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = pending.findIndex((request) => request.url.endsWith(path))
        const found = index >= 0 ? pending.splice(index, 1)[0] : undefined
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No request to ${path} was sent`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
    restore() {
      vi.unstubAllGlobals()
      document.cookie = 'XSRF-TOKEN=; path=/; max-age=0'
    },
  }
}
