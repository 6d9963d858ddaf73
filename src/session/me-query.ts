import { queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '../api/call-endpoint'

/**
 * Who is signed in (`/api/v1/me`): the session's query. Every feature's signed-in reads sit
 * under its key, so signing out removes them all at once.
 */
export const meQueryKey = ['me'] as const

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: () => callEndpoint('me'),
})
