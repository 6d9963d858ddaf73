import { lazy } from 'react'

/** The Inbox badge in a chunk of its own: only an admin's menu ever fetches it. */
export const LazyInboxBadge = lazy(() => import('./inbox-badge'))
