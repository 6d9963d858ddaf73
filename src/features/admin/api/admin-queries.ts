import { queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '../../../api/call-endpoint'
import { meQueryKey } from '../../../session/me-query'

/** The inbox's server reads sit under the session's key: signing out removes them. */
export const adminQueryKey = [...meQueryKey, 'admin'] as const

/** One enquiry, for its detail view. */
export function enquiryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'enquiry', id],
    queryFn: () => callEndpoint('adminEnquiry', { id }),
  })
}

/** One service request with its client and history, for its detail view. */
export function requestQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'request', id],
    queryFn: () => callEndpoint('adminServiceRequest', { id }),
  })
}
