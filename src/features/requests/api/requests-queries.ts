import { queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '../../../api/call-endpoint'
import { meQueryKey } from '../../../session/me-query'

/** The client's requests, under the session's key: signing out removes them. */
export const myRequestsQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'service-requests'],
  queryFn: () => callEndpoint('myServiceRequests'),
})
export const myRequestsQueryKey = myRequestsQueryOptions.queryKey
