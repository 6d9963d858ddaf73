import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '../../../api/call-endpoint'
import { meQueryKey } from '../../../session/me-query'

/** One of the client's requests' payments (instalments, payments received, credit). */
export function myPaymentsQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: [...meQueryKey, 'payments', requestId],
    queryFn: async () => (await callEndpoint('myPayments', { id: requestId })).payments,
  })
}

/**
 * Stripe's hosted page for an instalment's open balance. A refusal reads the payments again:
 * the instalment may have been paid (or its voucher expired) meanwhile.
 */
export function myCheckoutEffects(requestId: string, queryClient: QueryClient) {
  return {
    open: async (instalmentId: string) => {
      try {
        return await callEndpoint('payInstalmentOnline', {}, { id: requestId, instalmentId })
      } catch (error) {
        await queryClient.invalidateQueries({
          queryKey: myPaymentsQueryOptions(requestId).queryKey,
        })
        throw error
      }
    },
  }
}
