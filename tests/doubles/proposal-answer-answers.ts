import type { Proposal, ProposalBody, ProposalsBody } from '../../domain/api/api-contract'
import type { proposalAnswerMachine } from '../../machines/proposal-answer-machine'
import { movedRequest, sentRequest } from '../fixtures/service-requests'
import type { PathEvents, PathPossible } from '../paths/path-plan'
import { accepted, type HeldRead, readAs, refused, unreachable } from './api-answers'
import { myRequestsRead } from './my-requests-answers'
import { sentProposal } from './proposal-editor-answers'

/** A client's answer to the current proposal on its generated paths. */

const at = '2026-11-22T16:00:00.000Z'

/** The proposal as its client reads it: sent, the one they can act on. */
export const clientProposal: Proposal = {
  id: sentProposal.id,
  requestId: sentProposal.requestId,
  version: sentProposal.version,
  state: 'sent',
  current: true,
  title: sentProposal.title,
  items: sentProposal.items,
  subtotal: sentProposal.subtotal,
  discount: sentProposal.discount,
  ivaPercent: sentProposal.ivaPercent,
  iva: sentProposal.iva,
  total: sentProposal.total,
  currency: 'MXN',
  validUntil: sentProposal.validUntil,
  scope: sentProposal.scope,
  terms: sentProposal.terms,
  // Half on acceptance, half on delivery: the plan the client accepts with the proposal.
  paymentPlan: {
    schedule: {
      by: 'percent',
      instalments: [
        { percent: 50, due: { on: 'acceptance' } },
        { percent: 50, due: { on: 'status', status: 'delivered' } },
      ],
    },
    amounts: [725_000, 725_000],
  },
  createdAt: sentProposal.createdAt,
  sentAt: sentProposal.sentAt,
  closedAt: null,
  reason: '',
  acceptance: null,
  actions: ['accept', 'decline'],
}

export const acceptedProposal: Proposal = {
  ...clientProposal,
  state: 'accepted',
  closedAt: at,
  actions: [],
  acceptance: { fullName: 'Ana García', acceptedAt: at, contentSha256: 'a'.repeat(64) },
}

export const declinedProposal: Proposal = {
  ...clientProposal,
  state: 'declined',
  closedAt: at,
  actions: [],
  reason: 'Too expensive for us this year.',
}

/** The request while its proposal awaits the client. */
export const awaitingRequest = movedRequest(sentRequest, 'proposalSent', '')

/** The client's proposals as the request page reads them: this one, current. */
export function currentProposalRead(proposal: Proposal): HeldRead<ProposalsBody<Proposal>> {
  return readAs<ProposalsBody<Proposal>>('myProposals', { success: true, proposals: [proposal] })
}

export const acceptance = { fullName: 'Ana García', agreed: true }
export const declineReason = 'Too expensive for us this year.'

const acceptedBody: ProposalBody<Proposal> = {
  ...(accepted('You accepted the proposal. We start the work.') as {
    success: true
    message: string
  }),
  proposal: acceptedProposal,
}
const declinedBody: ProposalBody<Proposal> = {
  ...(accepted('You declined the proposal.') as { success: true; message: string }),
  proposal: declinedProposal,
}

export const answered = refused(409, 'invalid_transition', 'This proposal was already answered.')
export const closed = refused(410, 'proposal_closed', 'This proposal is no longer valid.')
/** The client's signed-in changes came too often: the page shows the server's text. */
export const tooOften = refused(429, 'rate_limited', 'Too many requests. Try again later.')

export const proposalAnswerPathEvents: PathEvents<typeof proposalAnswerMachine> = (snapshot) => {
  if (snapshot.matches('accepting'))
    return [
      { type: 'submitAcceptance', values: acceptance },
      ...(snapshot.context.refusedSubmissions === 0
        ? [{ type: 'submitAcceptance' as const, values: { fullName: 'Ana García', agreed: false } }]
        : []),
    ]
  if (snapshot.matches('declining'))
    return [{ type: 'submitDecline', values: { reason: declineReason } }]
  if (snapshot.matches('submittingAcceptance'))
    return [
      { type: 'xstate.done.actor.acceptProposal', output: acceptedBody },
      { type: 'xstate.error.actor.acceptProposal', error: answered },
      { type: 'xstate.error.actor.acceptProposal', error: closed },
      { type: 'xstate.error.actor.acceptProposal', error: tooOften },
      { type: 'xstate.error.actor.acceptProposal', error: unreachable() },
    ]
  if (snapshot.matches('submittingDecline'))
    return [
      { type: 'xstate.done.actor.declineProposal', output: declinedBody },
      // Withdrawn by the agency while the client wrote why.
      { type: 'xstate.error.actor.declineProposal', error: closed },
      { type: 'xstate.error.actor.declineProposal', error: tooOften },
      { type: 'xstate.error.actor.declineProposal', error: unreachable() },
    ]
  return []
}

/** Only the payloads listed above (the planner also tries each type bare). */
export const proposalAnswerPossible: PathPossible<typeof proposalAnswerMachine> = (_, event) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  return (event.type !== 'submitAcceptance' && event.type !== 'submitDecline') || 'values' in event
}

export const proposalAnswerReads: HeldRead[] = [
  currentProposalRead(clientProposal),
  myRequestsRead(awaitingRequest),
]
