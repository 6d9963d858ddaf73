import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { endpoints, type Proposal } from '../../../../domain/api/api-contract'
import type { AcceptanceValues, DeclineValues } from '../../../../machines/proposal-answer-machine'
import { callEndpoint, fillPath } from '../../../api/call-endpoint'
import { apiBaseUrl } from '../../../api/http-client'
import { meQueryKey } from '../../../session/me-query'
import { myRequestsQueryKey } from './requests-queries'

/**
 * The version of a request's proposal the client can act on; `null` while none was sent. Read
 * from the list (empty before the first proposal), so a request without one asks nothing the
 * server answers 404.
 */
export function myProposalQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: [...meQueryKey, 'proposal', requestId],
    queryFn: async (): Promise<Proposal | null> => {
      const { proposals } = await callEndpoint('myProposals', { id: requestId })
      return proposals.find((proposal) => proposal.current) ?? null
    },
  })
}

/** Where the proposal's PDF downloads from, in the client's language. */
export function proposalPdfHref(proposal: Proposal): string {
  return `${apiBaseUrl}${fillPath(endpoints.myProposalPdf.path, {
    id: proposal.requestId,
    proposalId: proposal.id,
  })}`
}

/**
 * The answer machine's calls, on the proposal the page shows; then the request (its status
 * moves) and the proposal are read again, whatever the answer.
 */
export function clientProposalEffects(requestId: string, queryClient: QueryClient) {
  const proposalKey = myProposalQueryOptions(requestId).queryKey
  const ids = () => ({
    id: requestId,
    proposalId: queryClient.getQueryData<Proposal | null>(proposalKey)?.id ?? '',
  })
  const refreshed = async <Answer>(answer: Promise<Answer>): Promise<Answer> => {
    try {
      return await answer
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalKey }),
        queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
      ])
    }
  }
  return {
    accept: ({ fullName }: AcceptanceValues) =>
      refreshed(callEndpoint('acceptProposal', { fullName, accept: true }, ids())),
    decline: ({ reason }: DeclineValues) =>
      refreshed(callEndpoint('declineProposal', { reason }, ids())),
  }
}
