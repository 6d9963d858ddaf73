import { getNextSnapshot, setup } from 'xstate'
import type { RequestActor, RequestStatus } from '../domain/requests/request-status'

/**
 * A service request's lifecycle, the one rule book for who may move a request where:
 *
 *   received → (review) inReview
 *   received | inReview → (sendProposal) proposalSent, by sending a proposal
 *   proposalSent → (reviseProposal) proposalSent, by sending a version that supersedes the last
 *   proposalSent → (acceptProposal, by the client) inProgress → (deliver) delivered
 *   proposalSent → (declineProposal, by the client | withdrawProposal | expireProposal) inReview
 *   from any open status: (decline, by the agency) declined; (withdraw, by the client) withdrawn
 *
 * The server stores a change only when this machine takes it from the request's current status
 * (`changeEvent`), and the pages offer only the changes it allows (`allowedChanges`). Every event
 * says who sends it; the agency moves work forward or declines, the client can only withdraw.
 * The proposal events come only with a proposal's own change (`machines/proposal-machine.ts`,
 * `requestEventFor`): "Proposal sent" and "In progress" are not statuses anyone picks by hand.
 */

type ByAgency = { readonly by: RequestActor }

export type ServiceRequestEvent =
  | ({ readonly type: 'review' } & ByAgency)
  | ({ readonly type: 'sendProposal' } & ByAgency)
  | ({ readonly type: 'reviseProposal' } & ByAgency)
  | ({ readonly type: 'acceptProposal' } & ByAgency)
  | ({ readonly type: 'declineProposal' } & ByAgency)
  | ({ readonly type: 'withdrawProposal' } & ByAgency)
  | ({ readonly type: 'expireProposal' } & ByAgency)
  | ({ readonly type: 'deliver' } & ByAgency)
  | ({ readonly type: 'decline' } & ByAgency)
  | ({ readonly type: 'withdraw' } & ByAgency)

export type ServiceRequestEventType = ServiceRequestEvent['type']

const closeByAgency = { decline: { guard: 'byAgency', target: 'declined' } } as const
const closeByClient = { withdraw: { guard: 'byClient', target: 'withdrawn' } } as const

export const serviceRequestMachine = setup({
  types: { events: {} as ServiceRequestEvent },
  guards: {
    byAgency: ({ event }) => event.by === 'agency',
    byClient: ({ event }) => event.by === 'client',
  },
}).createMachine({
  id: 'serviceRequest',
  initial: 'received',
  states: {
    received: {
      on: {
        review: { guard: 'byAgency', target: 'inReview' },
        sendProposal: { guard: 'byAgency', target: 'proposalSent' },
        ...closeByAgency,
        ...closeByClient,
      },
    },
    inReview: {
      on: {
        sendProposal: { guard: 'byAgency', target: 'proposalSent' },
        ...closeByAgency,
        ...closeByClient,
      },
    },
    proposalSent: {
      on: {
        reviseProposal: { guard: 'byAgency', target: 'proposalSent', reenter: true },
        acceptProposal: { guard: 'byClient', target: 'inProgress' },
        declineProposal: { guard: 'byClient', target: 'inReview' },
        withdrawProposal: { guard: 'byAgency', target: 'inReview' },
        expireProposal: { guard: 'byAgency', target: 'inReview' },
        ...closeByAgency,
        ...closeByClient,
      },
    },
    inProgress: {
      on: {
        deliver: { guard: 'byAgency', target: 'delivered' },
        ...closeByAgency,
        ...closeByClient,
      },
    },
    delivered: { type: 'final' },
    declined: { type: 'final' },
    withdrawn: { type: 'final' },
  },
})

/**
 * The event that moves a request to each status someone picks by hand (none moves one back to
 * `received`; "Proposal sent" and "In progress" follow a proposal, never a pick).
 */
export const eventTo = {
  inReview: 'review',
  delivered: 'deliver',
  declined: 'decline',
  withdrawn: 'withdraw',
} as const satisfies Partial<Record<RequestStatus, ServiceRequestEventType>>

const changeTargets = Object.keys(eventTo) as (keyof typeof eventTo)[]

/** The machine's snapshot of a request in `status` (as stored in the database). */
export function requestSnapshotAt(status: RequestStatus) {
  return serviceRequestMachine.resolveState({ value: status })
}

/**
 * The event that takes a request from `from` to `to` when `by` asks, or undefined when the
 * machine does not allow it (the server answers 409).
 */
export function changeEvent(
  from: RequestStatus,
  to: RequestStatus,
  by: RequestActor,
): ServiceRequestEvent | undefined {
  const type = to in eventTo ? eventTo[to as keyof typeof eventTo] : undefined
  if (!type) return undefined
  const event = { type, by } as ServiceRequestEvent
  const snapshot = requestSnapshotAt(from)
  if (!snapshot.can(event)) return undefined
  const next = getNextSnapshot(serviceRequestMachine, snapshot, event)
  return next.value === to ? event : undefined
}

/** The statuses `by` may move a request in `status` to, in lifecycle order. */
export function allowedChanges(status: RequestStatus, by: RequestActor): RequestStatus[] {
  return changeTargets.filter((to) => changeEvent(status, to, by) !== undefined)
}
