import { describe, expect, it } from 'vitest'
import { apiPrefix, endpoints } from './api-contract'

describe('the API contract', () => {
  it('gives every endpoint its own method and path, under the API prefix', () => {
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`)
    expect(new Set(routes).size).toBe(routes.length)
    for (const endpoint of Object.values(endpoints))
      expect(endpoint.path.startsWith(apiPrefix)).toBe(true)
  })

  it('declares the bodies as types only: nothing of them exists at run time', () => {
    for (const endpoint of Object.values(endpoints))
      expect(Object.keys(endpoint).sort()).toEqual(['failures', 'method', 'path', 'status'])
  })
})
