import { type QueryClient, queryOptions } from '@tanstack/react-query'
import {
  type RecordPaymentValues,
  recordPaymentPayload,
} from '../../../../domain/payments/record-payment-form'
import { callEndpoint } from '../../../api/call-endpoint'
import { adminQueryKey } from './admin-queries'

/** A request's instalments, payments and credit as the agency sees them, under the inbox's key. */
export function adminPaymentsQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'payments', requestId],
    queryFn: async () => (await callEndpoint('adminPayments', { id: requestId })).payments,
  })
}

/**
 * The agency's changes to a request's payments: the ledger is shown as the server answered it,
 * and read again after a refusal (it may have moved meanwhile).
 */
export function adminPaymentEffects(requestId: string, queryClient: QueryClient) {
  const key = adminPaymentsQueryOptions(requestId).queryKey
  /** The ledger as the server answered, or read again after a refusal. */
  const answered = async <Answer extends { readonly payments: unknown }>(call: Promise<Answer>) => {
    try {
      const answer = await call
      queryClient.setQueryData(key, answer.payments as never)
      return answer
    } catch (error) {
      await queryClient.invalidateQueries({ queryKey: key })
      throw error
    }
  }
  return {
    void: (input: { readonly instalmentId: string; readonly reason: string }) =>
      answered(
        callEndpoint(
          'voidInstalment',
          { reason: input.reason },
          { id: requestId, instalmentId: input.instalmentId },
        ),
      ),
    refund: (input: { readonly instalmentId: string; readonly reason: string }) =>
      answered(
        callEndpoint(
          'refundInstalment',
          { reason: input.reason },
          { id: requestId, instalmentId: input.instalmentId },
        ),
      ),
    record: async (values: RecordPaymentValues) => {
      try {
        const answer = await callEndpoint('recordPayment', recordPaymentPayload(values), {
          id: requestId,
        })
        queryClient.setQueryData(key, answer.payments)
        return answer
      } catch (error) {
        await queryClient.invalidateQueries({ queryKey: key })
        throw error
      }
    },
  }
}
