import { msg } from '@lingui/core/macro'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { pathInLanguage } from '../../domain/pages/language-twin'
import { caseStudyPages, isServicesPath, localizedPages } from '../../domain/pages/public-paths'
import { serviceTable } from '../../domain/services/service-table'
import { renderSitemap } from '../features/seo/sitemap'
import {
  buildContent,
  neutralPaths,
  type PageRoute,
  pagesOfRoutes,
  prerenderTargets,
  publicPages,
  publicPaths,
  unlistedPaths,
} from './public-pages'
import { createAppRouter } from './router'

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
      '/privacy',
      '/privacidad',
      '/work',
      '/trabajos',
      '/work/$slug',
      '/trabajos/$slug',
    ])
    expect(fromRouter).toEqual(expected)
    expect(publicPaths).toHaveLength(
      neutralPaths.length + 6 + 2 * serviceTable.length + 2 * buildContent.caseStudies.length,
    )
  })

  it('has a page per case study of the build’s content in each language, twins of each other', () => {
    const pages = publicPages.filter((page) => page.kind === 'case-study')
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        '/work/cafe-altura-online-shop',
        '/trabajos/tienda-en-linea-cafe-altura',
      ]),
    )
    expect(pages).toHaveLength(2 * buildContent.caseStudies.length)
    for (const page of caseStudyPages(buildContent.caseStudies)) {
      const other = page.locale === 'en' ? 'es' : 'en'
      expect(pathInLanguage(page.path, other, buildContent.caseStudies)).toBe(page.twin)
      // Without the content, a case study's address has no known twin.
      expect(pathInLanguage(page.path, other)).toBe(page.path)
    }
    expect(pathInLanguage('/work', 'es')).toBe('/trabajos')
    expect(pathInLanguage('/trabajos', 'en')).toBe('/work')
  })

  it('keeps a signed-in page with a parameter to one unindexed shell at its route path', () => {
    // `/my-services/<request id>`: one prerendered shell for every id, never in the sitemap.
    expect(neutralPaths).toContain('/my-services/$requestId')
    expect(unlistedPaths).toContain('/my-services/$requestId')
    expect(renderSitemap('https://example.test', publicPages)).not.toContain('my-services')
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
    expect(pathInLanguage('/privacy', 'es')).toBe('/privacidad')
    expect(pathInLanguage('/privacidad', 'en')).toBe('/privacy')
    expect(pathInLanguage('/about', 'es')).toBe('/about')
  })

  it('knows which pages are the services’ (the header marks its Services button on them)', () => {
    for (const path of ['/services', '/servicios', '/services/seo', '/servicios/diseno-web'])
      expect(isServicesPath(path), path).toBe(true)
    for (const path of ['/work', '/trabajos/citas-en-linea-sonrie', '/privacy', '/servicesx', '/'])
      expect(isServicesPath(path), path).toBe(false)
  })

  it('knows what is not a page', () => {
    expect(publicPaths.includes('/services/desarrollo-web')).toBe(false)
    expect(publicPaths.includes('/nope')).toBe(false)
    expect(publicPaths.includes('/')).toBe(true)
  })
})

describe('a new page route', () => {
  it('is prerendered in both languages and listed in the sitemap, from its route alone', () => {
    const root = createRootRoute()
    const careers = createRoute({
      getParentRoute: () => root,
      path: '/careers',
      staticData: {
        page: {
          kind: 'neutral',
          copy: {
            title: msg({ id: 'test.careers.title', message: 'Careers' }),
            description: msg({ id: 'test.careers.description', message: 'Work with us.' }),
            keywords: msg({ id: 'test.careers.keywords', message: 'careers' }),
          },
          indexable: true,
          catalogs: [],
        },
      },
    })
    const router = createRouter({
      routeTree: root.addChildren([careers]),
      history: createMemoryHistory(),
    })
    const pages = pagesOfRoutes(Object.values(router.routesById) as PageRoute[])
    expect(prerenderTargets(pages)).toEqual([
      { path: '/careers', locale: 'en' },
      { path: '/careers', locale: 'es' },
    ])
    expect(renderSitemap('https://example.test', pages)).toContain(
      '<loc>https://example.test/careers</loc>',
    )
  })
})
