import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { type Locale, locales } from './domain/locales'
import { localizedPages, neutralPaths } from './domain/pages/public-paths'
import { extractMain, renderLightPage } from './features/seo/light-page'
import { buildPageHead, hasLightVersion, lightPathFor } from './features/seo/page-head'
import { pageRefFor } from './features/seo/page-ref'
import { renderHead } from './features/seo/render-head'
import { activateLocale, i18n } from './i18n/i18n'
import { createAppRouter } from './router'

/**
 * The build's server-side renderer (scripts/prerender.mjs drives it): renders a URL of the
 * app to HTML with its head, the way the client will hydrate it.
 */

export { lightFile, notFoundFile, pageFile } from './domain/pages/page-files'
export { renderRobots, renderSitemap } from './features/seo/sitemap'

export type PrerenderTarget = { readonly path: string; readonly locale: Locale }

/** Neutral pages in both languages, each localized page (service, listing) in its own. */
export function prerenderTargets(): PrerenderTarget[] {
  return [
    ...neutralPaths.flatMap((path) => locales.map((locale) => ({ path, locale }))),
    ...localizedPages.map(({ path, locale }) => ({ path, locale })),
  ]
}

export type RenderInputs = PrerenderTarget & {
  /** Public origin written into canonical, hreflang and social URLs. */
  readonly origin: string
  /** The built stylesheets, for the light version. */
  readonly stylesheets: readonly string[]
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
  /** The light, script-free version served at `lightPath`, when the page has one. */
  readonly light: { readonly path: string; readonly html: string } | undefined
}

/** The catalogs whose chunks the page preloads (must match the catalogs its route loaders ask for). */
function catalogsFor(path: string, kind: string | undefined): readonly string[] {
  if (kind === 'service') return ['messages', 'services']
  if (path === '/register' || path === '/reset-password') return ['messages', 'registration']
  return ['messages']
}

export async function renderPage({
  path,
  locale,
  origin,
  stylesheets,
}: RenderInputs): Promise<RenderedPage> {
  // The same order as the client: the language first, then the route's loaders (a service
  // route loads its copy for the active language), then render.
  await activateLocale(locale)
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  const appHtml = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  )
  const page = pageRefFor(path)
  const head = buildPageHead({ page, locale, origin, i18n })
  const light =
    page && hasLightVersion(page)
      ? {
          path: lightPathFor(path),
          html: renderLightPage({ head, path, mainHtml: extractMain(appHtml), stylesheets, i18n }),
        }
      : undefined
  return {
    lang: locale,
    status: page ? 200 : 404,
    headHtml: renderHead(head),
    appHtml,
    routeIds: router.state.matches.map((match) => match.routeId),
    catalogs: catalogsFor(path, page?.kind),
    light,
  }
}
