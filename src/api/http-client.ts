import {
  endpoints,
  readAnswer,
  xsrfCookieName,
  xsrfHeaderName,
} from '../../domain/api/api-contract'
import { forgetEarlyAnswers, takeEarlyAnswer } from './early-answers'

/**
 * The site's HTTP client (docs/product.md, "The API"): JSON over fetch, same origin by default
 * (VITE_API_BASE_URL to point elsewhere), the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN,
 * timeout 0 (none) by default, and these generic errors: "Network Error", "Request aborted",
 * "timeout exceeded", "Request failed with status code N" (with the answer attached).
 */

export const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? ''

export type HttpAnswer<T> = { readonly status: number; readonly data: T }

export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    message: string,
    /** The server's answer; absent when the request never got one. */
    readonly response?: HttpAnswer<unknown>,
  ) {
    super(message)
  }
}

export type RequestOptions = {
  /** Milliseconds; 0 waits as long as the network does. */
  readonly timeout?: number
  readonly signal?: AbortSignal
  readonly baseUrl?: string
}

const xsrfCookie = xsrfCookieName
const xsrfHeader = xsrfHeaderName
const xsrfTokenPath = endpoints.xsrfToken.path

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

type Received = { readonly status: number; readonly ok: boolean; readonly data: unknown }

/**
 * fetch and read the body, both under the timeout and the caller's signal, with the generic
 * errors; resolves for any HTTP status. (A body that stalls after the headers must still end in
 * "timeout exceeded" or "Request aborted".)
 */
async function send(
  url: string,
  init: RequestInit,
  { timeout = 0, signal }: RequestOptions,
): Promise<Received> {
  if (signal?.aborted) throw new HttpError('Request aborted')
  const controller = new AbortController()
  let timedOut = false
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true
          controller.abort()
        }, timeout)
      : undefined
  const forward = () => controller.abort()
  signal?.addEventListener('abort', forward, { once: true })
  // Settles the race below even if a body stream ignores the abort.
  let stopReading: (() => void) | undefined
  const stopped = new Promise<never>((_resolve, reject) => {
    stopReading = () => reject(new Error('aborted'))
    controller.signal.addEventListener('abort', stopReading, { once: true })
  })
  stopped.catch(() => {})
  try {
    // A read the page's HTML asked for already (early-answers.ts) takes that answer.
    const early = init.method === 'GET' ? takeEarlyAnswer(url) : undefined
    const response = await (early
      ? Promise.race([early, stopped])
      : fetch(url, { ...init, credentials: 'same-origin', signal: controller.signal }))
    const data = await Promise.race([parseBody(response), stopped])
    return { status: response.status, ok: response.ok, data }
  } catch {
    if (timedOut) throw new HttpError('timeout exceeded')
    if (signal?.aborted) throw new HttpError('Request aborted')
    throw new HttpError('Network Error')
  } finally {
    if (timer) clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
    if (stopReading) controller.signal.removeEventListener('abort', stopReading)
  }
}

/** The token request in flight, shared by every call that needs one meanwhile. */
type TokenRequest = {
  readonly answer: Promise<string | undefined>
  readonly controller: AbortController
  /** Callers still waiting for it; the last one to give up cancels it. */
  waiting: number
}
let tokenInFlight: TokenRequest | undefined

/**
 * Asks the server for a session and an XSRF token (cookies), unless the browser has them.
 * Calls that need one at the same time share one request: each answer starts a new session,
 * so two requests in parallel would leave one caller with a token signed for a session its
 * cookie no longer names (the server refuses it, and the call is sent twice).
 */
export async function ensureXsrfToken(
  options: RequestOptions,
  force = false,
): Promise<string | undefined> {
  const existing = readCookie(xsrfCookie)
  if (existing && !force) return existing
  const { signal } = options
  if (signal?.aborted) throw new HttpError('Request aborted')
  const shared = tokenInFlight ?? startTokenRequest(options)
  shared.waiting += 1
  try {
    if (!signal) return await shared.answer
    return await new Promise<string | undefined>((resolve, reject) => {
      const abort = () => reject(new HttpError('Request aborted'))
      signal.addEventListener('abort', abort, { once: true })
      shared.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
    })
  } finally {
    shared.waiting -= 1
    if (shared.waiting === 0 && tokenInFlight === shared) {
      tokenInFlight = undefined
      shared.controller.abort()
    }
  }
}

function startTokenRequest({ baseUrl = apiBaseUrl, timeout }: RequestOptions): TokenRequest {
  const controller = new AbortController()
  const answer = send(
    `${baseUrl}${xsrfTokenPath}`,
    { method: 'GET' },
    { signal: controller.signal, ...(timeout === undefined ? {} : { timeout }) },
  ).then((response) => {
    if (!response.ok)
      throw new HttpError(`Request failed with status code ${response.status}`, {
        status: response.status,
        data: response.data,
      })
    return readCookie(xsrfCookie)
  })
  // Rejections reach the callers; this keeps an unawaited one from being reported.
  answer.catch(() => {})
  const request: TokenRequest = { answer, controller, waiting: 0 }
  tokenInFlight = request
  return request
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

type UnauthenticatedListener = () => void
const unauthenticatedListeners = new Set<UnauthenticatedListener>()

/**
 * Called whenever an answer says the session is gone (401 `unauthenticated`), whichever call
 * saw it: the session learns of an expiry from any request, not only from its own.
 */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListeners.add(listener)
  return () => {
    unauthenticatedListeners.delete(listener)
  }
}

/** Tells every listener the session is gone (an answer was 401 `unauthenticated`). */
export function onUnauthenticatedAnswer(): void {
  for (const listener of unauthenticatedListeners) listener()
}

/**
 * Sends a JSON request and resolves with the answer on 2xx; rejects with an HttpError
 * otherwise. A state change (anything but GET) carries the XSRF token; a 403 for a stale token
 * (the server restarted with a new key, the cookie expired, a sign-in re-bound it) is retried
 * once with a fresh one. `body` is sent as JSON when given.
 */
export async function requestJson<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<HttpAnswer<T>> {
  const url = `${options.baseUrl ?? apiBaseUrl}${path}`
  const changesState = method !== 'GET'
  if (changesState) forgetEarlyAnswers()
  for (let attempt = 0; ; attempt += 1) {
    const token = changesState ? await ensureXsrfToken(options, attempt > 0) : undefined
    const response = await send(
      url,
      {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
          ...(token ? { [xsrfHeader]: token } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      options,
    )
    const { data } = response
    if (response.ok) return { status: response.status, data: data as T }
    const answer = readAnswer(data)
    const staleToken = response.status === 403 && answer?.code === 'xsrf_failed'
    if (changesState && staleToken && attempt === 0) continue
    if (response.status === 401 && answer?.code === 'unauthenticated') {
      onUnauthenticatedAnswer()
    }
    throw new HttpError(`Request failed with status code ${response.status}`, {
      status: response.status,
      data,
    })
  }
}

/** POSTs `body` as JSON (see requestJson). */
export function postJson<T>(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<HttpAnswer<T>> {
  return requestJson<T>('POST', path, body, options)
}
