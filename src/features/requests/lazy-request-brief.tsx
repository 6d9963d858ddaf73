import { lazy } from 'react'

/**
 * The brief and everything it needs (its machine, the schema, the session, the requests catalog)
 * in a chunk of its own, fetched when a visitor opens it: service pages are public and keep
 * their JavaScript budget.
 */
export const LazyRequestBrief = lazy(() => import('./request-brief'))
