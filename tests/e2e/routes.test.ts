import { describe, expect, inject, it } from 'vitest'
import { publicPaths } from '../../src/routing/public-pages'

const baseURL = inject('baseURL')

describe('the server', () => {
  it('answers 200 for every public page of the route table (56 service URLs included)', async () => {
    expect(publicPaths.filter((p) => /^\/servic(es|ios)\/./.test(p))).toHaveLength(56)
    const statuses = await Promise.all(
      publicPaths.map(async (path) => [path, (await fetch(`${baseURL}${path}`)).status] as const),
    )
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([])
  })

  it('answers /healthz with 200', async () => {
    const response = await fetch(`${baseURL}/healthz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('answers an unknown path and an unknown service slug with 404 and no caching', async () => {
    for (const path of ['/no-such-page', '/services/not-a-service', '/servicios/web-development']) {
      const response = await fetch(`${baseURL}${path}`)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('caches hashed assets for a year and revalidates HTML', async () => {
    const home = await fetch(`${baseURL}/`)
    expect(home.headers.get('cache-control')).toBe('no-cache')
    const html = await home.text()
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0]
    expect(asset).toBeTruthy()
    const script = await fetch(`${baseURL}${asset}`)
    expect(script.status).toBe(200)
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends security headers and a hash-based CSP with every page over a real socket', async () => {
    for (const path of ['/', '/about', '/services/web-development', '/no-such-page']) {
      const response = await fetch(`${baseURL}${path}`)
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy, path).toContain("script-src 'self' 'sha256-")
      expect(policy, path).toContain("object-src 'none'")
      expect(policy, path).toContain("base-uri 'none'")
      expect(policy, path).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBeTruthy()
    }
  })

  it('redirects a trailing slash to the canonical path', async () => {
    const response = await fetch(`${baseURL}/about/`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/about')
  })

  it('never redirects to another host (no open redirect through leading slashes)', async () => {
    for (const path of ['//evil.example/', '///evil.example/', '//evil.example/about/']) {
      const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' })
      const location = response.headers.get('location')
      if (location !== null) expect(location, path).toMatch(/^\/[^/\\]/)
      expect(new URL(location ?? '/', baseURL).origin, path).toBe(baseURL)
    }
  })
})
