import { lazy } from 'react'

/**
 * The Inbox count in a chunk of its own, beside the menu that shows it: only an admin's menu
 * ever fetches the inbox's code, so public pages carry nothing of it (tests/e2e/budget.test.ts).
 */
export const LazyInboxBadge = lazy(() => import('../../features/admin/inbox-badge'))
