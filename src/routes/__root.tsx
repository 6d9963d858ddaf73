import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { localeFromPath } from '../../domain/locales'
import { NotFoundPage } from '../features/errors/components/not-found-page'
import { RouteErrorPage } from '../features/errors/components/route-error-page'
import { DocumentHead } from '../features/seo/document-head'
import { activeLanguage, setLanguage } from '../i18n/language-preference'
import type { SessionSlot } from '../session/session-slot'
import { SiteLayout } from '../shell/components/site-layout'

export type RouterContext = { readonly session: SessionSlot }

export const Route = createRootRouteWithContext<RouterContext>()({
  // A path under /services or /servicios decides the language (and remembers it) — when the
  // visitor goes there, not when a hovered link is merely preloaded.
  beforeLoad: async ({ location, preload }) => {
    if (preload) return
    const fromPath = localeFromPath(location.pathname)
    if (fromPath && typeof document !== 'undefined' && fromPath !== activeLanguage()) {
      await setLanguage(fromPath)
    }
  },
  component: () => (
    <SiteLayout>
      <DocumentHead />
      <Outlet />
    </SiteLayout>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
})
