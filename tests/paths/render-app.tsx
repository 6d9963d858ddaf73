import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, type RenderResult, render } from '@testing-library/react'
import type { PublishedContent } from '../../domain/content/published-content'
import { seedPublishedContent } from '../../domain/content/seed/seed-published-content'
import { type Locale, localeFromPath } from '../../domain/locales'
import type { Theme } from '../../domain/theme'
import { showTheme } from '../../src/features/theme/theme'
import { i18n } from '../../src/i18n/i18n'
import { setLanguage } from '../../src/i18n/language-preference'
import { createAppRouter } from '../../src/routing/router'
import { providePublishedContent } from '../../src/ui/published-content'

export type RenderedApp = RenderResult & {
  /** The app's router (memory history): read `router.state.location`, or navigate. */
  readonly router: ReturnType<typeof createAppRouter>
}

export type RenderAppOptions = {
  /** The language when `path` does not imply one (default en). */
  readonly locale?: Locale
  /** The theme the page shows before the app starts, as index.html's script would set it. */
  readonly theme?: Theme
  /** The published content the pages show (default the seed's). */
  readonly content?: PublishedContent
}

/**
 * Renders the whole app (layout, header, the page of `path`) the way `src/main.tsx` does, with
 * an in-memory history, for path tests of real components. Resets the page-wide state a
 * previous test may have left (language, theme, `<meta name="theme-color">`); resolves once
 * the page's content is on screen.
 */
export async function renderApp(
  path: string,
  options: RenderAppOptions = {},
): Promise<RenderedApp> {
  if (!document.querySelector('meta[name="theme-color"]')) {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    document.head.append(meta)
  }
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  window.scrollTo = () => {}
  showTheme(options.theme ?? 'light')
  // The content the pages show: the seed's, as a prerendered page's data block carries it (no
  // server answers `GET /api/v1/work` here).
  providePublishedContent(options.content ?? seedPublishedContent())
  await setLanguage(localeFromPath(path) ?? options.locale ?? 'en')
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  let view: RenderResult | undefined
  await act(async () => {
    view = render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
  })
  if (!view) throw new Error('The app did not render')
  await view.findByRole('main')
  return Object.assign(view, { router })
}
