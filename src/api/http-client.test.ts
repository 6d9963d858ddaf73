import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError, postJson } from './http-client'

type Call = { url: string; init: RequestInit }

function clearCookies() {
  document.cookie = 'XSRF-TOKEN=; path=/; max-age=0'
}

describe('postJson', () => {
  let calls: Call[]
  beforeEach(() => {
    calls = []
    clearCookies()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
    clearCookies()
  })

  function serve(handler: (url: string, init: RequestInit) => Promise<Response> | Response) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, init })
        return handler(url, init)
      }),
    )
  }

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  it('fetches the XSRF token first when the cookie is missing, then echoes it in X-XSRF-TOKEN', async () => {
    serve((url) => {
      if (url.endsWith('/xsrf-token')) {
        document.cookie = 'XSRF-TOKEN=abc.def; path=/'
        return new Response(null, { status: 204 })
      }
      return json(201, { success: true, message: 'ok' })
    })
    const answer = await postJson('/api/v1/auth/register', { a: 1 })
    expect(answer).toEqual({ status: 201, data: { success: true, message: 'ok' } })
    expect(calls.map((c) => [c.init.method ?? 'GET', c.url])).toEqual([
      ['GET', '/api/v1/auth/xsrf-token'],
      ['POST', '/api/v1/auth/register'],
    ])
    const headers = new Headers(calls[1]?.init.headers)
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc.def')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(calls[1]?.init.body).toBe('{"a":1}')
    expect(calls[1]?.init.credentials).toBe('same-origin')
  })

  it('calls that need a token at the same time share one token request', async () => {
    let sessions = 0
    serve(async (url, init) => {
      if (url.endsWith('/xsrf-token')) {
        // Each answer (over the network: later) starts a session of its own, with its token.
        await new Promise((resolve) => setTimeout(resolve, 5))
        sessions += 1
        document.cookie = `XSRF-TOKEN=session-${sessions}; path=/`
        return new Response(null, { status: 204 })
      }
      const token = new Headers(init.headers).get('X-XSRF-TOKEN')
      return token === `session-${sessions}`
        ? json(201, { success: true })
        : json(403, { success: false, code: 'xsrf_failed' })
    })
    const answers = await Promise.all([postJson('/a', {}), postJson('/b', {})])
    expect(answers.map((answer) => answer.status)).toEqual([201, 201])
    const sent = calls.map((c) => `${c.init.method ?? 'GET'} ${c.url}`)
    expect(sent.sort()).toEqual(['GET /api/v1/auth/xsrf-token', 'POST /a', 'POST /b'])
  })

  it('a caller giving up leaves the shared token request to the others; the last one cancels it', async () => {
    let answerToken: () => void = () => {}
    serve((url, init) => {
      if (!url.endsWith('/xsrf-token')) return json(201, { success: true })
      return new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        )
        answerToken = () => {
          document.cookie = 'XSRF-TOKEN=shared; path=/'
          resolve(new Response(null, { status: 204 }))
        }
      })
    })
    const quitter = new AbortController()
    const quits = postJson('/a', {}, { signal: quitter.signal }).catch((e: unknown) => e)
    const stays = postJson('/b', {})
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    quitter.abort()
    expect(((await quits) as HttpError).message).toBe('Request aborted')
    expect(calls[0]?.init.signal?.aborted).toBe(false)
    answerToken()
    expect((await stays).status).toBe(201)
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/xsrf-token', '/b'])

    clearCookies()
    calls = []
    const alone = new AbortController()
    const gone = postJson('/c', {}, { signal: alone.signal }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    alone.abort()
    expect(((await gone) as HttpError).message).toBe('Request aborted')
    expect(calls[0]?.init.signal?.aborted).toBe(true)
  })

  it('uses the cookie it has without asking again', async () => {
    document.cookie = 'XSRF-TOKEN=have-it; path=/'
    serve(() => json(200, { success: true }))
    await postJson('/x', {})
    expect(calls).toHaveLength(1)
    expect(new Headers(calls[0]?.init.headers).get('X-XSRF-TOKEN')).toBe('have-it')
  })

  it('rejects non-2xx answers with "Request failed with status code N" and the body attached', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/'
    serve(() => json(409, { success: false, code: 'already_registered' }))
    const error = await postJson('/x', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('Request failed with status code 409')
    expect((error as HttpError).response).toEqual({
      status: 409,
      data: { success: false, code: 'already_registered' },
    })
  })

  it('"Network Error" when the request cannot be made', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/'
    serve(() => Promise.reject(new TypeError('Failed to fetch')))
    const error = await postJson('/x', {}).catch((e: unknown) => e)
    expect((error as HttpError).message).toBe('Network Error')
    expect((error as HttpError).response).toBeUndefined()
  })

  it('"Request aborted" when the caller aborts', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/'
    serve(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    )
    const controller = new AbortController()
    const pending = postJson('/x', {}, { signal: controller.signal }).catch((e: unknown) => e)
    controller.abort()
    expect(((await pending) as HttpError).message).toBe('Request aborted')
  })

  it('"timeout exceeded" after `timeout` ms; with the default 0 it waits', async () => {
    vi.useFakeTimers()
    document.cookie = 'XSRF-TOKEN=t; path=/'
    let release: (() => void) | undefined
    serve(
      (_url, init) =>
        new Promise((resolve, reject) => {
          release = () => resolve(json(200, { success: true }))
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          )
        }),
    )
    const timed = postJson('/x', {}, { timeout: 50 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(60)
    expect(((await timed) as HttpError).message).toBe('timeout exceeded')

    const patient = postJson('/x', {})
    await vi.advanceTimersByTimeAsync(600_000)
    release?.()
    expect((await patient).status).toBe(200)
  })

  /** Headers at once, then a body that never arrives (and ignores the abort, like a stuck proxy). */
  const stalledBody = () =>
    new Response(new ReadableStream({ start() {} }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    })

  it('"timeout exceeded" when the body stalls after the headers arrived', async () => {
    vi.useFakeTimers()
    document.cookie = 'XSRF-TOKEN=t; path=/'
    serve(stalledBody)
    const timed = postJson('/x', {}, { timeout: 50 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(60)
    const error = (await timed) as HttpError
    expect(error).toBeInstanceOf(HttpError)
    expect(error.message).toBe('timeout exceeded')
  })

  it('"Request aborted" when the caller aborts while the body is still arriving', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/'
    serve(stalledBody)
    const controller = new AbortController()
    const pending = postJson('/x', {}, { signal: controller.signal }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 10))
    controller.abort()
    const error = (await pending) as HttpError
    expect(error).toBeInstanceOf(HttpError)
    expect(error.message).toBe('Request aborted')
  })

  it('"timeout exceeded" when the XSRF token answer stalls in its body', async () => {
    vi.useFakeTimers()
    serve(stalledBody)
    const timed = postJson('/x', {}, { timeout: 50 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(60)
    expect(((await timed) as HttpError).message).toBe('timeout exceeded')
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/xsrf-token'])
  })

  it('retries once with a fresh token after a 403 xsrf_failed', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/'
    let posts = 0
    serve((url, init) => {
      if (url.endsWith('/xsrf-token')) {
        document.cookie = 'XSRF-TOKEN=fresh; path=/'
        return new Response(null, { status: 204 })
      }
      posts += 1
      const token = new Headers(init.headers).get('X-XSRF-TOKEN')
      return token === 'fresh'
        ? json(201, { success: true })
        : json(403, { success: false, code: 'xsrf_failed' })
    })
    expect((await postJson('/x', {})).status).toBe(201)
    expect(posts).toBe(2)
  })
})
