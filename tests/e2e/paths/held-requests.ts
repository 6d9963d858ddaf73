import type { Page, Request, Route } from 'playwright-core'
import { expect } from 'vitest'
import {
  type CallFailure,
  endpoints,
  type PostEndpointName,
  xsrfCookieName,
  xsrfHeaderName,
} from '../../../domain/api/api-contract'

/**
 * The network boundary of the Chromium paths: the page's calls to the given endpoints are
 * held (Playwright's `page.route`) until the path's step answers them, as the jsdom paths'
 * fake network does; everything else, the XSRF token included, reaches the real server.
 */
export type HeldRequest = {
  readonly request: Request
  readonly body: unknown
  /** Answers with `status` and `body` as JSON. */
  respond(status: number, body: unknown): Promise<void>
  /** What the network does when it is down: fetch rejects. */
  fail(): Promise<void>
}

export type HeldRequests = {
  /** The oldest unanswered call to `name` (waits until the page has sent it). */
  next(name: PostEndpointName, timeoutMs?: number): Promise<HeldRequest>
}

const held = new WeakMap<Page, HeldRequests>()

/** Holds the page's POSTs to `names` from now on (call before the page opens). */
export async function holdRequests(
  page: Page,
  names: readonly PostEndpointName[],
): Promise<HeldRequests> {
  const pending: { name: PostEndpointName; route: Route }[] = []
  for (const name of names) {
    const { path } = endpoints[name]
    await page.route(
      (url) => url.pathname === path,
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback()
        pending.push({ name, route })
      },
    )
  }
  const requests: HeldRequests = {
    async next(name, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = pending.findIndex((entry) => entry.name === name)
        const found = index >= 0 ? pending.splice(index, 1)[0] : undefined
        if (found) {
          const { route } = found
          const request = route.request()
          return {
            request,
            body: request.postDataJSON() as unknown,
            respond: (status, body) =>
              route.fulfill({ status, contentType: 'application/json', json: body }),
            fail: () => route.abort('failed'),
          }
        }
        if (Date.now() > deadline) throw new Error(`No request to ${endpoints[name].path} was sent`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
  }
  held.set(page, requests)
  return requests
}

/** The held requests of `page` (holdRequests must have run on it). */
export function heldRequests(page: Page): HeldRequests {
  const requests = held.get(page)
  if (!requests) throw new Error('holdRequests was not called for this page')
  return requests
}

/** The real client's call: JSON, the XSRF cookie the real server set echoed in its header. */
export async function expectXsrfEchoed(page: Page, request: HeldRequest): Promise<void> {
  const cookies = await page.context().cookies()
  const cookie = cookies.find((entry) => entry.name === xsrfCookieName)
  expect(cookie?.value, 'the XSRF cookie from the real server').toBeTruthy()
  const headers = await request.request.allHeaders()
  expect(headers[xsrfHeaderName.toLowerCase()]).toBe(cookie?.value)
  expect(headers['content-type']).toBe('application/json')
}

/** Answers a held request as the HTTP client's `CallFailure` describes: the body, or no answer. */
export function answerFailure(request: HeldRequest, failure: CallFailure): Promise<void> {
  return failure.response
    ? request.respond(failure.response.status, failure.response.data)
    : request.fail()
}
