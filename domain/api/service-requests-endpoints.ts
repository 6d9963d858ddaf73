import type { BudgetRange, DesiredStart } from '../leads/lead-options'
import type { ProposalState } from '../requests/proposal-state'
import type { ServiceRequestInput } from '../requests/request-schemas'
import type { RequestActor, RequestStatus } from '../requests/request-status'
import type { ServiceId } from '../services/service-table'
import type { SuccessBody } from './answers'
import { apiPrefix, endpoint } from './endpoint'

/** One change of a request's status, as stored: who, when, from, to and the note. */
export type RequestHistoryEntry = {
  readonly at: string
  /** null for the request's creation. */
  readonly from: RequestStatus | null
  readonly to: RequestStatus
  readonly by: RequestActor
  readonly note: string
}

/** A service request as its client sees it. */
export type ServiceRequestSummary = {
  readonly id: string
  /** Its short human number, `PD-2026-0042` (domain/requests/request-number.ts). */
  readonly number: string
  readonly serviceId: ServiceId
  readonly status: RequestStatus
  readonly need: string
  readonly desiredStart: DesiredStart
  readonly budget: BudgetRange
  readonly createdAt: string
  readonly updatedAt: string
  /** Oldest first. */
  readonly history: readonly RequestHistoryEntry[]
}

/**
 * The newest proposal version a client can see on a request (drafts are the agency's): its
 * number, state (a sent one past its last valid day reads `expired`), total with IVA in
 * centavos, and its last valid day.
 */
export type ProposalGlance = {
  readonly version: number
  readonly state: Exclude<ProposalState, 'draft'>
  readonly total: number
  readonly validUntil: string
}

/**
 * A row of the client's list: the request, how many agency messages are new to them, its newest
 * proposal, and what its instalments ask of them now (centavos due or partly paid).
 */
export type MyServiceRequest = ServiceRequestSummary & {
  /** This server always sends these; optional so a summary alone still reads as a row. */
  readonly newMessages?: number
  readonly proposal?: ProposalGlance | null
  readonly amountDue?: number
}

export type ServiceRequestsBody = {
  readonly success: true
  readonly requests: readonly MyServiceRequest[]
}
export type ServiceRequestBody = SuccessBody & { readonly request: ServiceRequestSummary }

/** `/api/v1/me/service-requests*`: the signed-in client's own requests (401 without a session). */
export const serviceRequestsEndpoints = {
  /** The client's requests, newest first. */
  myServiceRequests: endpoint<never, ServiceRequestsBody>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests`,
    status: 200,
    failures: ['unauthenticated'],
  }),
  /** A new request, status `received`. */
  createServiceRequest: endpoint<ServiceRequestInput, ServiceRequestBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/service-requests`,
    status: 201,
    failures: ['unauthenticated', 'invalid_fields'],
  }),
  /** The client withdraws one of their open requests (404 not theirs, 409 not open). */
  withdrawServiceRequest: endpoint<{ readonly note?: string }, ServiceRequestBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/service-requests/:id/withdraw`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'not_found', 'invalid_transition'],
  }),
}
