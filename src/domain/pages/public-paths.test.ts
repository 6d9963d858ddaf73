import { describe, expect, it } from 'vitest'
import { createAppRouter } from '../../router'
import { serviceTable } from '../services/service-table'
import { pathInLanguage } from './language-twin'
import { isPublicPath, localizedPages, neutralPaths, publicPaths } from './public-paths'

describe('the public paths', () => {
  it('are exactly the routes of the router, with service slugs expanded from the table', () => {
    const fromRouter = new Set(
      Object.keys(createAppRouter().routesByPath).map((path) => path.replace(/(.)\/$/, '$1')),
    )
    const expected = new Set<string>([
      ...neutralPaths,
      '/services',
      '/servicios',
      '/services/$slug',
      '/servicios/$slug',
    ])
    expect(fromRouter).toEqual(expected)
    expect(publicPaths).toHaveLength(neutralPaths.length + 2 + 2 * serviceTable.length)
  })

  it('has 28 services with unique slugs in both languages', () => {
    expect(serviceTable).toHaveLength(28)
    expect(new Set(serviceTable.map((s) => s.en)).size).toBe(28)
    expect(new Set(serviceTable.map((s) => s.es)).size).toBe(28)
    expect(serviceTable.filter((s) => s.inMenu)).toHaveLength(25)
  })

  it('pairs each localized page with its twin', () => {
    for (const page of localizedPages) {
      expect(pathInLanguage(page.path, page.locale === 'en' ? 'es' : 'en')).toBe(page.twin)
      expect(pathInLanguage(page.path, page.locale)).toBe(page.path)
    }
    expect(pathInLanguage('/services/web-applications', 'es')).toBe('/servicios/aplicaciones-web')
    expect(pathInLanguage('/about', 'es')).toBe('/about')
  })

  it('knows what is not a page', () => {
    expect(isPublicPath('/services/desarrollo-web')).toBe(false)
    expect(isPublicPath('/nope')).toBe(false)
    expect(isPublicPath('/')).toBe(true)
  })
})
