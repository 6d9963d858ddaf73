import { meQueryKey } from './session-runtime'

/** The account's server reads sit under the session's key: signing out removes them all. */
export const sessionsQueryKey = [...meQueryKey, 'sessions'] as const
