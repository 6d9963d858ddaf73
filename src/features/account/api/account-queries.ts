import { queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '../../../api/call-endpoint'
import { meQueryKey } from '../../../session/me-query'

/** The user's sessions, under the session's key: signing out removes them. */
export const sessionsQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'sessions'],
  queryFn: () => callEndpoint('sessions'),
})
export const sessionsQueryKey = sessionsQueryOptions.queryKey

/** The user's second factors: passkeys, whether the authenticator app is on, codes left. */
export const factorsQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'factors'],
  queryFn: () => callEndpoint('factors'),
})
export const factorsQueryKey = factorsQueryOptions.queryKey
