import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callEndpoint, fillPath } from './call-endpoint'
import { onUnauthenticated } from './http-client'

type Call = { url: string; method: string; headers: Headers; body: unknown }

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
const user = {
  id: 'u1',
  email: 'ana@example.com',
  emailVerified: true,
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  profile: { name: 'Ana' },
}

describe('callEndpoint', () => {
  let calls: Call[]
  beforeEach(() => {
    calls = []
    document.cookie = 'XSRF-TOKEN=have-it; path=/'
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0'
  })

  function serve(handler: (call: Call) => Response) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const call = {
          url,
          method: init.method ?? 'GET',
          headers: new Headers(init.headers),
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        }
        calls.push(call)
        return handler(call)
      }),
    )
  }

  it('reads with GET, without a body or an XSRF header, and resolves with the typed body', async () => {
    serve(() => json(200, { success: true, user }))
    const answer = await callEndpoint('me')
    expect(answer.user.email).toBe('ana@example.com')
    expect(calls).toHaveLength(1)
    expect([calls[0]?.method, calls[0]?.url, calls[0]?.body]).toEqual([
      'GET',
      '/api/v1/me',
      undefined,
    ])
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBeNull()
    expect(calls[0]?.headers.get('Content-Type')).toBeNull()
  })

  it('sends PATCH and DELETE with the body and the XSRF header', async () => {
    serve(() => json(200, { success: true, user }))
    await callEndpoint('updateProfile', { city: 'Oaxaca' })
    await callEndpoint('deleteAccount', { password: 'secret words' })
    expect(calls.map((c) => [c.method, c.url, c.body, c.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['PATCH', '/api/v1/me', { city: 'Oaxaca' }, 'have-it'],
      ['DELETE', '/api/v1/me', { password: 'secret words' }, 'have-it'],
    ])
  })

  it('fills path parameters, encoded, and sends a DELETE without a body', async () => {
    serve(() => json(200, { success: true, message: 'Ended.' }))
    const answer = await callEndpoint('endSession', { id: 'a/b c' })
    expect(answer).toEqual({ success: true, message: 'Ended.' })
    expect([calls[0]?.method, calls[0]?.url, calls[0]?.body]).toEqual([
      'DELETE',
      '/api/v1/me/sessions/a%2Fb%20c',
      undefined,
    ])
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('have-it')
    expect(() => fillPath('/x/:id', {})).toThrow('needs the parameter id')
  })

  it('tells the listeners when an answer says the session is gone, not on other 401s', async () => {
    const seen = vi.fn()
    const stop = onUnauthenticated(seen)
    serve((call) =>
      call.url.endsWith('/login')
        ? json(401, { success: false, code: 'invalid_credentials', message: 'No.' })
        : json(401, { success: false, code: 'unauthenticated', message: 'Sign in.' }),
    )
    await expect(callEndpoint('login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      response: { status: 401 },
    })
    expect(seen).not.toHaveBeenCalled()
    await expect(callEndpoint('sessions')).rejects.toMatchObject({
      message: 'Request failed with status code 401',
    })
    expect(seen).toHaveBeenCalledTimes(1)
    stop()
    await callEndpoint('me').catch(() => undefined)
    expect(seen).toHaveBeenCalledTimes(1)
  })

  it('does not retry a GET on 403 (only state changes carry the token)', async () => {
    serve(() => json(403, { success: false, code: 'xsrf_failed', message: 'x' }))
    await expect(callEndpoint('sessions')).rejects.toBeTruthy()
    expect(calls).toHaveLength(1)
  })
})
