import { getNextSnapshot, setup } from 'xstate'
import {
  isProposalState,
  type ProposalAction,
  type ProposalState,
  proposalActions,
} from '../domain/requests/proposal-state'
import type { RequestActor, RequestStatus } from '../domain/requests/request-status'
import {
  requestSnapshotAt,
  type ServiceRequestEvent,
  serviceRequestMachine,
} from './service-request-machine'

export { isProposalState, proposalStates } from '../domain/requests/proposal-state'
export type { ProposalAction, ProposalState }

/**
 * One version of a proposal, the one rule book for what may happen to it:
 *
 *   draft → (send, by the agency) sent
 *   sent → (accept, by the client) accepted | (decline, by the client) declined
 *        | (withdraw, by the agency) withdrawn | (expire, the clock) expired
 *        | (supersede, a newer version is sent) superseded
 *   draft | sent → (close, the request is declined or withdrawn) withdrawn
 *
 * A draft takes `edit` (by the agency) and stays a draft. The server stores a change only when
 * this machine takes it from the proposal's stored state (`proposalTransition`), together with
 * the request's own change, which the `serviceRequest` machine judges (`requestEventFor`); the
 * pages offer only the actions it allows (`allowedProposalActions`).
 */

type By = { readonly by: RequestActor }

export type ProposalEvent =
  | ({ readonly type: 'edit' } & By)
  | ({ readonly type: 'send' } & By)
  | ({ readonly type: 'accept' } & By)
  | ({ readonly type: 'decline' } & By)
  | ({ readonly type: 'withdraw' } & By)
  | { readonly type: 'expire' }
  | { readonly type: 'supersede' }
  | { readonly type: 'close' }

export type ProposalEventType = ProposalEvent['type']

export const proposalMachine = setup({
  types: { events: {} as ProposalEvent },
  guards: {
    byAgency: ({ event }) => 'by' in event && event.by === 'agency',
    byClient: ({ event }) => 'by' in event && event.by === 'client',
  },
}).createMachine({
  id: 'proposal',
  initial: 'draft',
  states: {
    draft: {
      on: {
        edit: { guard: 'byAgency', target: 'draft' },
        send: { guard: 'byAgency', target: 'sent' },
        close: { target: 'withdrawn' },
      },
    },
    sent: {
      on: {
        accept: { guard: 'byClient', target: 'accepted' },
        decline: { guard: 'byClient', target: 'declined' },
        withdraw: { guard: 'byAgency', target: 'withdrawn' },
        expire: { target: 'expired' },
        supersede: { target: 'superseded' },
        close: { target: 'withdrawn' },
      },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
    withdrawn: { type: 'final' },
    expired: { type: 'final' },
    superseded: { type: 'final' },
  },
})

/** The machine's snapshot of a proposal stored in `state`. */
export function proposalSnapshotAt(state: ProposalState) {
  return proposalMachine.resolveState({ value: state })
}

/** The state `event` takes a proposal in `state` to, or undefined when the machine refuses it. */
export function proposalTransition(
  state: ProposalState,
  event: ProposalEvent,
): ProposalState | undefined {
  const snapshot = proposalSnapshotAt(state)
  if (!snapshot.can(event)) return undefined
  const next = getNextSnapshot(proposalMachine, snapshot, event).value
  return isProposalState(next) ? next : undefined
}

/** What `by` may do to a proposal in `state` (the pages show only these). */
export function allowedProposalActions(state: ProposalState, by: RequestActor): ProposalAction[] {
  return proposalActions.filter(
    (type) => proposalTransition(state, { type, by } as ProposalEvent) !== undefined,
  )
}

/**
 * The request's event that goes with a proposal's change, when the request is in `status`:
 * sending the first (or next, after an answer) version moves it to "Proposal sent", sending a
 * version that supersedes a sent one keeps it there, accepting moves it to "In progress",
 * declining, withdrawing or expiry send it back to "In review". Edits change nothing on the
 * request. Undefined when the request must not change; the server still asks the
 * `serviceRequest` machine whether the request may take the event (`requestTransition`).
 */
export function requestEventFor(
  event: ProposalEventType,
  status: RequestStatus,
): ServiceRequestEvent | undefined {
  switch (event) {
    case 'send':
      return status === 'proposalSent'
        ? { type: 'reviseProposal', by: 'agency' }
        : { type: 'sendProposal', by: 'agency' }
    case 'accept':
      return { type: 'acceptProposal', by: 'client' }
    case 'decline':
      return { type: 'declineProposal', by: 'client' }
    case 'withdraw':
      return { type: 'withdrawProposal', by: 'agency' }
    case 'expire':
      return { type: 'expireProposal', by: 'agency' }
    default:
      return undefined
  }
}

/**
 * Where the request goes when a proposal's `event` happens while it is in `status`: its new
 * status (the same one for a revision), `null` when the request does not change, or undefined
 * when the `serviceRequest` machine refuses (the server answers 409 and changes nothing).
 */
export function requestTransition(
  event: ProposalEventType,
  status: RequestStatus,
): RequestStatus | null | undefined {
  const requestEvent = requestEventFor(event, status)
  if (!requestEvent) return null
  const snapshot = requestSnapshotAt(status)
  if (!snapshot.can(requestEvent)) return undefined
  return getNextSnapshot(serviceRequestMachine, snapshot, requestEvent).value as RequestStatus
}

/** Whether the agency may draft a (new version of a) proposal for a request in `status`. */
export function requestTakesProposals(status: RequestStatus): boolean {
  return requestTransition('send', status) !== undefined
}
