import { queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '../../../api/call-endpoint'
import { meQueryKey } from '../../../session/me-query'

/** One of the client's requests' payments (instalments, payments received, credit). */
export function myPaymentsQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: [...meQueryKey, 'payments', requestId],
    queryFn: async () => (await callEndpoint('myPayments', { id: requestId })).payments,
  })
}
