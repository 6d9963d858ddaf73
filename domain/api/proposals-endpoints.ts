import type { Centavos } from '../money'
import type { PaymentSchedule } from '../payments/payment-schedule'
import type {
  AcceptProposalInput,
  ProposalDraftInput,
  ProposalReasonInput,
} from '../requests/proposal-schemas'
import type { ProposalAction, ProposalState } from '../requests/proposal-state'
import { adminGateFailures, apiPrefix, endpoint } from './endpoint'

/**
 * A request's proposals: the agency drafts, sends, revises and withdraws them under
 * `/api/v1/admin/service-requests/:id/proposals…`; the client reads, downloads, accepts or
 * declines them under `/api/v1/me/service-requests/:id/proposals…`. Every change is judged by
 * the `proposal` machine and, when it moves the request, by the `serviceRequest` machine
 * (`machines/proposal-machine.ts`): 409 `invalid_transition` when either refuses, 410
 * `proposal_closed` when the client answers a version that was superseded, withdrawn or has
 * expired. Amounts are integer centavos (MXN); the server computes every total
 * (`domain/money.ts`). A request or proposal that is not the caller's answers the same 404
 * as one that does not exist; the client never sees a draft.
 */

export type ProposalItem = {
  readonly description: string
  readonly quantity: number
  readonly unitPrice: Centavos
  /** quantity × unitPrice. */
  readonly amount: Centavos
}

/** What the client typed and the server recorded when the proposal was accepted. */
export type ProposalAcceptance = {
  readonly fullName: string
  readonly acceptedAt: string
  /**
   * Lower-case hex SHA-256 of the proposal's canonical content as sent (`proposalContentText`
   * on the server: the version, texts, items, amounts and validity, as sorted-key JSON).
   */
  readonly contentSha256: string
}

/** The agency also sees where the acceptance came from. */
export type AgencyProposalAcceptance = ProposalAcceptance & {
  readonly ipAddress: string
  readonly userAgent: string
}

/** One version of a request's proposal, as the client sees it. */
export type Proposal = {
  readonly id: string
  readonly requestId: string
  /** 1, 2, …: a revision is the next number. */
  readonly version: number
  /** A sent proposal past its valid-until day reads `expired` even before anyone acts on it. */
  readonly state: ProposalState
  /** The version the client can act on: the newest one sent. */
  readonly current: boolean
  readonly title: string
  readonly items: readonly ProposalItem[]
  readonly subtotal: Centavos
  readonly discount: Centavos
  /** Always 16 (`ivaPercent`). */
  readonly ivaPercent: number
  readonly iva: Centavos
  readonly total: Centavos
  readonly currency: 'MXN'
  /** YYYY-MM-DD: acceptable through the whole day in Mexico City. */
  readonly validUntil: string
  readonly scope: string
  readonly terms: string
  /**
   * How the total is paid: the plan as the agency wrote it and the centavos each instalment
   * comes to (`instalmentAmounts`: each rounded down, the remainder to the last); null for none.
   */
  readonly paymentPlan: {
    readonly schedule: PaymentSchedule
    readonly amounts: readonly Centavos[]
  } | null
  readonly createdAt: string
  readonly sentAt: string | null
  /** When it was accepted, declined, withdrawn, expired or superseded. */
  readonly closedAt: string | null
  /** The client's reason for declining, or the agency's for withdrawing ('' for none). */
  readonly reason: string
  readonly acceptance: ProposalAcceptance | null
  /** What the caller may do to it now (from the `proposal` machine). */
  readonly actions: readonly ProposalAction[]
}

export type AgencyProposal = Omit<Proposal, 'acceptance'> & {
  readonly updatedAt: string
  readonly acceptance: AgencyProposalAcceptance | null
}

export type ProposalsBody<P> = { readonly success: true; readonly proposals: readonly P[] }
export type ProposalBody<P> = {
  readonly success: true
  readonly message: string
  readonly proposal: P
}

const adminFailures = [...adminGateFailures, 'not_found'] as const
const proposalPath = `${apiPrefix}/admin/service-requests/:id/proposals/:proposalId`
const myProposalPath = `${apiPrefix}/me/service-requests/:id/proposals/:proposalId`

export const proposalsEndpoints = {
  /** Every version, newest first, drafts included. */
  adminProposals: endpoint<never, ProposalsBody<AgencyProposal>>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id/proposals`,
    status: 200,
    failures: [...adminFailures],
  }),
  /**
   * A new draft (the next version). 409 when the request already has a draft or cannot take a
   * proposal any more (in progress or closed).
   */
  createProposal: endpoint<ProposalDraftInput, ProposalBody<AgencyProposal>>()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/proposals`,
    status: 201,
    failures: [...adminFailures, 'invalid_fields', 'invalid_transition'],
  }),
  /** Replaces a draft's content (409 once it is sent). */
  editProposal: endpoint<ProposalDraftInput, ProposalBody<AgencyProposal>>()({
    method: 'PATCH',
    path: proposalPath,
    status: 200,
    failures: [...adminFailures, 'invalid_fields', 'invalid_transition'],
  }),
  /**
   * Sends a draft: the request moves to "Proposal sent" (or stays there, the version sent before
   * becoming `superseded`), and the client is mailed in their language. 409 when its
   * valid-until day has passed.
   */
  sendProposal: endpoint<Record<string, never>, ProposalBody<AgencyProposal>>()({
    method: 'POST',
    path: `${proposalPath}/send`,
    status: 200,
    failures: [...adminFailures, 'invalid_fields', 'invalid_transition'],
  }),
  /**
   * A new draft copied from this version (which must be the newest and not a draft): edit it,
   * then send it to supersede the one the client has.
   */
  reviseProposal: endpoint<Record<string, never>, ProposalBody<AgencyProposal>>()({
    method: 'POST',
    path: `${proposalPath}/revise`,
    status: 201,
    failures: [...adminFailures, 'invalid_fields', 'invalid_transition'],
  }),
  /** Withdraws a sent proposal (the request returns to "In review"). */
  withdrawProposal: endpoint<ProposalReasonInput, ProposalBody<AgencyProposal>>()({
    method: 'POST',
    path: `${proposalPath}/withdraw`,
    status: 200,
    failures: [...adminFailures, 'invalid_fields', 'invalid_transition'],
  }),
  /** The PDF in the client's language (`application/pdf`, attachment). */
  adminProposalPdf: endpoint()({
    method: 'GET',
    path: `${proposalPath}/pdf`,
    status: 200,
    failures: [...adminFailures],
  }),

  /** Every version the client was sent, newest first. */
  myProposals: endpoint<never, ProposalsBody<Proposal>>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/proposals`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  /** The version the client can act on (404 when none was sent). */
  myCurrentProposal: endpoint<never, ProposalBody<Proposal>>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/proposals/current`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  /** The PDF in the caller's language, with the acceptance record once accepted. */
  myProposalPdf: endpoint()({
    method: 'GET',
    path: `${myProposalPath}/pdf`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  /**
   * Accepts: records who, when, the address and user agent, and the SHA-256 of the content as
   * sent; the request moves to "In progress" and the agency is mailed. 409 when it was already
   * answered, 410 `proposal_closed` when superseded, withdrawn or expired. Of two accepts at
   * once, one succeeds and the other answers 409.
   */
  acceptProposal: endpoint<AcceptProposalInput, ProposalBody<Proposal>>()({
    method: 'POST',
    path: `${myProposalPath}/accept`,
    status: 200,
    failures: [
      'unauthenticated',
      'invalid_fields',
      'not_found',
      'invalid_transition',
      'proposal_closed',
    ],
  }),
  /** Declines, with an optional reason: the request returns to "In review", the agency is mailed. */
  declineProposal: endpoint<ProposalReasonInput, ProposalBody<Proposal>>()({
    method: 'POST',
    path: `${myProposalPath}/decline`,
    status: 200,
    failures: [
      'unauthenticated',
      'invalid_fields',
      'not_found',
      'invalid_transition',
      'proposal_closed',
    ],
  }),
}
