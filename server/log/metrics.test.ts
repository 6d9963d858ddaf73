import { describe, expect, it } from 'vitest'
import { methodLabel, routeLabel } from './metrics'

describe('the request metrics’ labels', () => {
  it('name a route by its pattern, never by the path a client chose', () => {
    const pattern = '/api/v1/me/service-requests/:id/messages'
    expect(routeLabel('/api/v1/me/service-requests/5b0e8a4e/messages', pattern)).toBe(pattern)
    expect(routeLabel('/api/v1/anything/at/all', undefined)).toBe('/api/*')
    expect(routeLabel('/api', undefined)).toBe('/api/*')
    expect(routeLabel('/readyz', undefined)).toBe('/readyz')
    expect(routeLabel('/assets/index-3f2a.js', undefined)).toBe('/assets/*')
    for (const page of ['/', '/es/servicios', '/en/profile', '/wp-login.php', '/readyz/extra'])
      expect(routeLabel(page, undefined)).toBe('(site)')
  })

  it('keep the usual methods and count any other as OTHER', () => {
    expect(['GET', 'POST', 'DELETE'].map(methodLabel)).toEqual(['GET', 'POST', 'DELETE'])
    expect(['PROPFIND', 'get', 'BREW'].map(methodLabel)).toEqual(['OTHER', 'OTHER', 'OTHER'])
  })
})
