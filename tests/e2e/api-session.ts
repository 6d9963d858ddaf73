import { type APIRequestContext, type APIResponse, request } from 'playwright-core'
import { inject } from 'vitest'
import { xsrfCookieName, xsrfHeaderName } from '../../domain/api/api-contract'
import { fromAddress } from './source-address'

export type ApiAnswer = {
  readonly status: number
  readonly headers: Record<string, string>
  /** The body as JSON, or undefined when it is not JSON. */
  readonly body: unknown
  readonly text: string
}

export type ApiCallOptions = {
  /** Sent as is (a string) instead of as JSON. */
  readonly raw?: string
  readonly headers?: Record<string, string>
}

/**
 * Calls the real e2e server as the site does: same cookies as the browser context that owns
 * `http` (or a jar of its own), and for anything but GET the XSRF header echoing the cookie,
 * fetched first when there is none yet.
 */
export type ApiSession = {
  readonly http: APIRequestContext
  call(method: string, path: string, body?: unknown, options?: ApiCallOptions): Promise<ApiAnswer>
  close(): Promise<void>
}

async function xsrfToken(http: APIRequestContext): Promise<string> {
  const find = async () =>
    (await http.storageState()).cookies.find((cookie) => cookie.name === xsrfCookieName)?.value
  const present = await find()
  if (present) return decodeURIComponent(present)
  await http.get('/api/v1/auth/xsrf-token')
  return decodeURIComponent((await find()) ?? '')
}

async function read(response: APIResponse): Promise<ApiAnswer> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status(), headers: response.headers(), body, text }
}

/** An API session over `http` (a browser context's `request`, or one of its own). */
export function apiSession(http: APIRequestContext): ApiSession {
  return {
    http,
    async call(method, path, body, options = {}) {
      const headers: Record<string, string> = { ...options.headers }
      if (method !== 'GET') headers[xsrfHeaderName] ??= await xsrfToken(http)
      if (body !== undefined && options.raw === undefined)
        headers['Content-Type'] ??= 'application/json'
      const response = await http.fetch(path, {
        method,
        headers,
        ...(options.raw !== undefined
          ? { data: options.raw }
          : body !== undefined
            ? { data: JSON.stringify(body) }
            : {}),
        failOnStatusCode: false,
        maxRedirects: 0,
      })
      return read(response)
    },
    close: () => http.dispose(),
  }
}

/** A browserless session with a cookie jar of its own, from `address` (this file's). */
export async function newApiSession(
  options: { readonly locale?: string; readonly address?: string } = {},
): Promise<ApiSession> {
  const http = await request.newContext({
    baseURL: inject('baseURL'),
    extraHTTPHeaders: {
      ...fromAddress(options.address),
      'Accept-Language': options.locale ?? 'en-US',
    },
  })
  return apiSession(http)
}
