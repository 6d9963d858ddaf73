import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { AgencyProposal } from '../../../../domain/api/api-contract'
import { draftInput, draftOf } from '../../../../domain/requests/proposal-draft'
import type { RequestStatus } from '../../../../domain/requests/request-status'
import type {
  EditorAnswer,
  EditorProposal,
  SaveInput,
} from '../../../../machines/proposal-editor-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { adminQueryKey, requestQueryOptions } from './admin-queries'

/** Every version of a request's proposal, newest first, under the inbox's key. */
export function adminProposalsQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'proposals', requestId],
    queryFn: () => callEndpoint('adminProposals', { id: requestId }),
  })
}

/** The version the editor works on: the newest (a draft, or the one the client was sent). */
export function newestProposal(proposals: readonly AgencyProposal[]): AgencyProposal | undefined {
  return proposals[0]
}

function editorProposal(proposal: AgencyProposal | undefined): EditorProposal | undefined {
  if (!proposal) return undefined
  return {
    id: proposal.id,
    version: proposal.version,
    state: proposal.state,
    values: draftOf(proposal),
  }
}

/** What the editor machine holds of the server's proposals and the request's status. */
export function editorAnswerOf(
  proposals: readonly AgencyProposal[],
  requestStatus: RequestStatus,
  message?: string,
): EditorAnswer {
  return {
    ...(message === undefined ? {} : { message }),
    proposal: editorProposal(newestProposal(proposals)),
    requestStatus,
  }
}

/**
 * The editor machine's calls: each change, then the inbox's reads again (the request's status
 * moves with a sent, withdrawn or answered proposal), answering with what the server now holds.
 */
export function adminProposalEffects(requestId: string, queryClient: QueryClient) {
  const id = { id: requestId }
  const proposals = adminProposalsQueryOptions(requestId)
  const detail = requestQueryOptions(requestId)
  /** What the inbox's reads hold now (the detail is open, so its read is there). */
  const held = async (message?: string): Promise<EditorAnswer> => {
    const list = await queryClient.ensureQueryData(proposals)
    const request = await queryClient.ensureQueryData(detail)
    return editorAnswerOf(list.proposals, request.request.status, message)
  }
  /** The change's answer, once every inbox read (lists, the request, its proposals) is fresh. */
  const changed = async (answer: Promise<{ readonly message: string }>) => {
    try {
      const { message } = await answer
      await queryClient.invalidateQueries({ queryKey: adminQueryKey })
      return held(message)
    } catch (error) {
      // The proposal or the request may have moved meanwhile: show them as they are now.
      await queryClient.invalidateQueries({ queryKey: adminQueryKey })
      throw error
    }
  }
  const ids = (proposal: EditorProposal | undefined) => ({
    id: requestId,
    proposalId: proposal?.id ?? '',
  })
  return {
    // The request's status is read again with its proposals: which actions the editor offers
    // depends on both as the server holds them now.
    load: async () => {
      const [list, request] = await Promise.all([
        queryClient.fetchQuery({ ...proposals, staleTime: 0 }),
        queryClient.fetchQuery({ ...detail, staleTime: 0 }),
      ])
      return editorAnswerOf(list.proposals, request.request.status)
    },
    save: ({ values, current: working }: SaveInput) =>
      changed(
        working?.state === 'draft'
          ? callEndpoint('editProposal', draftInput(values), ids(working))
          : callEndpoint('createProposal', draftInput(values), id),
      ),
    send: (proposal: EditorProposal | undefined) =>
      changed(callEndpoint('sendProposal', {}, ids(proposal))),
    withdraw: (proposal: EditorProposal | undefined) =>
      changed(callEndpoint('withdrawProposal', {}, ids(proposal))),
  }
}
