import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { createSessionSlot } from '../session/session-slot'
import { routeTree } from './routeTree.gen'

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    // The app's session and its one QueryClient, loaded when a page needs them.
    context: { session: createSessionSlot() },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  /** Each page route declares its facts (metadata, indexing, catalogs). */
  interface StaticDataRouteOption {
    page?: PageFacts
  }
}
