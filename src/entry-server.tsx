import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { endpoints } from '../domain/api/api-contract'
import type { PublishedContent } from '../domain/content/published-content'
import type { Locale } from '../domain/locales'
import type { ManifestPage } from '../domain/pages/page-files'
import { scriptJson } from '../domain/pages/script-json'
import { apiBaseUrl } from './api/http-client'
import { buildPageHead } from './features/seo/page-head'
import { pageRefFor } from './features/seo/page-ref'
import { renderHead } from './features/seo/render-head'
import { renderSitemap as sitemapOf } from './features/seo/sitemap'
import { AfterHydration } from './hydration/after-hydration'
import { activateLocale, i18n } from './i18n/i18n'
import {
  buildContent,
  type PrerenderTarget,
  publicPages,
  publicPagesOf,
} from './routing/public-pages'
import { createAppRouter } from './routing/router'
import { providePublishedContent } from './ui/published-content'

/**
 * The build's server-side renderer (scripts/prerender.mjs drives it): renders a URL of the
 * app to HTML with its head, the way the client will hydrate it.
 */

export { notFoundFile, pageFile } from '../domain/pages/page-files'
export { renderRobots } from './features/seo/sitemap'

export { prerenderTargets } from './routing/public-pages'

/** The content the build renders from (the seed's): `renderPage`'s `content`. */
export function seedContent(): PublishedContent {
  return buildContent
}

/**
 * The sitemap of the routes' public pages, with `content`'s case studies (default: the build's;
 * the server's when a publish renders it again).
 */
export function renderSitemap(origin: string, content?: PublishedContent): string {
  return sitemapOf(origin, content ? publicPagesOf(content) : publicPages)
}

/** The server's list of pages (written into the build's manifest). */
export function manifestPages(): ManifestPage[] {
  return publicPages.map((page) => ({
    path: page.path,
    ...(page.kind === 'neutral' ? {} : { locale: page.locale }),
  }))
}

export type RenderInputs = PrerenderTarget & {
  /** Public origin written into canonical, hreflang and social URLs. */
  readonly origin: string
  /**
   * The published content the pages show (case studies, testimonials): the seed's at build
   * time, the database's when the server renders a page again (docs/decisions/060).
   */
  readonly content: PublishedContent
}

export type RenderedPage = {
  readonly lang: Locale
  /** 200 for a page of the site, 404 for anything else (the translated not-found page). */
  readonly status: 200 | 404
  readonly headHtml: string
  readonly appHtml: string
  /** The matched routes (`/`, `/services/$slug`, …), for preloading their code. */
  readonly routeIds: readonly string[]
  /** The Lingui catalogs the page needs (`messages`, plus `services` or `registration`). */
  readonly catalogs: readonly string[]
  /** The API addresses the page reads first (its route's `firstReads`), to fetch with the HTML. */
  readonly firstReads: readonly string[]
  /** The page acts as it arrives: its scripts load with it (its route's `actsOnArrival`). */
  readonly actsOnArrival: boolean
  /**
   * On a page that shows the site's content, the JSON of the content it was rendered from, as
   * the text of a `<script type="application/json">` (markup characters escaped): the client
   * hydrates from the same data. Null on other pages.
   */
  readonly contentJson: string | null
}

export async function renderPage({
  path,
  locale,
  origin,
  content,
}: RenderInputs): Promise<RenderedPage> {
  // The same order as the client: the language first, then the route's loaders (a service
  // route loads its copy for the active language, a content page its content), then render.
  await activateLocale(locale)
  providePublishedContent(content)
  // A page of a route with a parameter (`/my-services/$requestId`) is one shell for every value
  // (nothing in it depends on the value): it is rendered at a stand-in value, since the built
  // router matches no path segment that starts with `$`.
  const url = path.replace(/\/\$[^/]+/g, '/-')
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }))
  await router.load()
  const appHtml = renderToString(
    <StrictMode>
      {/* The client's tree, so hydration (and useId) line up with it. */}
      <AfterHydration onHydrated={() => {}}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </AfterHydration>
    </StrictMode>,
  )
  // The matched page route's facts (none for an unknown path: the not-found page).
  const facts = router.state.matches.at(-1)?.staticData.page
  const page = facts ? pageRefFor(facts, path, content) : undefined
  const head = buildPageHead({ page, locale, origin, i18n })
  return {
    lang: locale,
    status: page ? 200 : 404,
    headHtml: renderHead(head),
    appHtml,
    routeIds: router.state.matches.map((match) => match.routeId),
    catalogs: ['messages', ...(page?.facts.catalogs ?? [])],
    firstReads: (page?.facts.firstReads ?? []).map(
      (name) => `${apiBaseUrl}${endpoints[name].path}`,
    ),
    actsOnArrival: page?.facts.actsOnArrival === true,
    contentJson: page?.facts.content ? scriptJson(content) : null,
  }
}
