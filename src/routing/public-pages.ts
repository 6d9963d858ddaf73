import { createMemoryHistory } from '@tanstack/react-router'
import type { PublishedContent } from '../../domain/content/published-content'
import { seedPublishedContent } from '../../domain/content/seed/seed-published-content'
import { type Locale, locales } from '../../domain/locales'
import type { PageFacts } from '../../domain/pages/page-facts'
import { serviceTable } from '../../domain/services/service-table'
import { type PageRef, pagesOf } from '../features/seo/page-ref'
import { createAppRouter } from './router'

/** What the page list needs of a route: its full path and the facts it declares. */
export type PageRoute = {
  readonly fullPath: string
  readonly options: { readonly staticData?: { readonly page?: PageFacts } }
}

/**
 * Every public page the routes declare, in route order (`/services/` is `/services`): a case
 * study route has a page per case study of `content`.
 */
export function pagesOfRoutes(
  routes: Iterable<PageRoute>,
  content: PublishedContent = buildContent,
): PageRef[] {
  return [...routes].flatMap((route) => {
    const facts = route.options.staticData?.page
    if (!facts) return []
    const path = route.fullPath.length > 1 ? route.fullPath.replace(/\/$/, '') : route.fullPath
    return pagesOf(facts, path, serviceTable, content)
  })
}

/** The content the build renders the pages from: the seed's (docs/decisions/060). */
export const buildContent: PublishedContent = seedPublishedContent()

/**
 * The site's public pages, derived from the route tree: the prerender list, the sitemap, the
 * server's list of pages (written into the build's manifest) and the tests all start here.
 */
export const publicPages: readonly PageRef[] = publicPagesOf(buildContent)

/** The public pages with `content`'s case studies (the server's, when a publish renders again). */
export function publicPagesOf(content: PublishedContent): PageRef[] {
  return pagesOfRoutes(
    Object.values(createAppRouter(createMemoryHistory()).routesById) as PageRoute[],
    content,
  )
}

export const publicPaths: readonly string[] = publicPages.map((page) => page.path)

/** Pages that exist once and are served in the visitor's language. */
export const neutralPaths: readonly string[] = publicPages
  .filter((page) => page.kind === 'neutral')
  .map((page) => page.path)

export type PrerenderTarget = { readonly path: string; readonly locale: Locale }

/** What the build renders: neutral pages in both languages, localized ones in their own. */
export function prerenderTargets(pages: readonly PageRef[] = publicPages): PrerenderTarget[] {
  return pages.flatMap((page) =>
    page.kind === 'neutral'
      ? locales.map((locale) => ({ path: page.path, locale }))
      : [{ path: page.path, locale: page.locale }],
  )
}

/** Pages kept out of search results and the sitemap (their routes say so). */
export const unlistedPaths: readonly string[] = publicPages
  .filter((page) => !page.facts.indexable)
  .map((page) => page.path)
