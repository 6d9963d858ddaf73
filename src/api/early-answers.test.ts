import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetEarlyAnswers, takeEarlyAnswers } from './early-answers'
import { postJson, requestJson } from './http-client'

// The browser's side (a preload handed to the matching fetch) is proven in Chromium by
// tests/e2e/first-reads.test.ts; here, which reads take the early answers and which go out anew.
describe('the early answers of a page behind the sign-in', () => {
  let fetched: string[]
  beforeEach(() => {
    fetched = []
    document.cookie = 'XSRF-TOKEN=abc; path=/'
    for (const href of ['/api/v1/me', '/api/v1/me/service-requests']) {
      const link = document.createElement('link')
      link.setAttribute('rel', 'preload')
      link.setAttribute('as', 'fetch')
      link.setAttribute('href', href)
      document.head.append(link)
    }
    let answer = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(new URL(url, document.baseURI).pathname)
        answer += 1
        return new Response(JSON.stringify({ answer }), { status: 200 })
      }),
    )
  })
  afterEach(() => {
    forgetEarlyAnswers()
    for (const link of document.head.querySelectorAll('link')) link.remove()
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0'
    vi.unstubAllGlobals()
  })

  it('takes every one as the app starts, and gives each to the first read of its address', async () => {
    takeEarlyAnswers()
    expect(fetched).toEqual(['/api/v1/me', '/api/v1/me/service-requests'])
    expect(await requestJson('GET', '/api/v1/me/service-requests', undefined)).toEqual({
      status: 200,
      data: { answer: 2 },
    })
    expect(await requestJson('GET', '/api/v1/me', undefined)).toEqual({
      status: 200,
      data: { answer: 1 },
    })
    // A second read of an address goes to the network.
    expect(await requestJson('GET', '/api/v1/me', undefined)).toEqual({
      status: 200,
      data: { answer: 3 },
    })
    expect(fetched).toEqual(['/api/v1/me', '/api/v1/me/service-requests', '/api/v1/me'])
  })

  it('forgets those not read yet once the app changes anything on the server', async () => {
    takeEarlyAnswers()
    await postJson('/api/v1/auth/login', { email: 'ana@example.com', password: 'secret' })
    const after = await requestJson('GET', '/api/v1/me', undefined)
    expect(after.data).toEqual({ answer: 4 })
    expect(fetched).toEqual([
      '/api/v1/me',
      '/api/v1/me/service-requests',
      '/api/v1/auth/login',
      '/api/v1/me',
    ])
  })
})
