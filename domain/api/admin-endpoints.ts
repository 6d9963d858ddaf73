import type { PostalAddress } from '../addresses/postal-address'
import type { BudgetRange } from '../leads/lead-options'
import type { Locale } from '../locales'
import type { StatusChangeInput } from '../requests/request-schemas'
import type { ServiceId } from '../services/service-table'
import { receivablesEndpoints } from './admin-receivables'
import type { SuccessBody } from './answers'
import { adminGateFailures, apiPrefix, endpoint } from './endpoint'
import type { ServiceRequestSummary } from './service-requests-endpoints'

/** A service request as the agency sees it: with who sent it. */
export type AdminServiceRequest = ServiceRequestSummary & {
  /** The latest of its creation, a public message, a status change and a proposal change. */
  readonly lastActivityAt: string
  readonly client: {
    readonly id: string
    readonly name: string
    readonly lastName: string
    readonly email: string
    readonly locale: Locale
    /** As given at registration or since in the profile. */
    readonly phone: string
    readonly address: PostalAddress
  }
}

/** A contact enquiry as the agency sees it. */
export type Enquiry = {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly company: string
  readonly serviceId: ServiceId | null
  readonly budget: BudgetRange
  readonly message: string
  readonly locale: Locale
  readonly createdAt: string
  readonly handledAt: string | null
  /** Sent faster than a person fills the form: kept, flagged, never mailed to the agency. */
  readonly likelySpam: boolean
}

/** One page of an admin list. */
export type ListPage<Item> = {
  readonly success: true
  readonly items: readonly Item[]
  /** Rows matching the filters, over all pages. */
  readonly total: number
  readonly page: number
  readonly pageSize: number
}

/** A row of the agency's request list: the thread's state beside the request. */
export type AdminServiceRequestListItem = AdminServiceRequest & {
  /** The client's messages after the calling admin's read mark. */
  readonly newMessages: number
  /** The thread's last public message is the client's. */
  readonly awaitingReply: boolean
  /** A proposal was sent and the client can still accept or decline it. */
  readonly proposalAwaitingAnswer: boolean
  /** The newest proposal version was declined (no revision yet). */
  readonly proposalDeclined: boolean
  /** The client's last message has waited past the next business day (answer-due.ts). */
  readonly answerOverdue: boolean
}

/** The request list's proposal figures (over every request, whatever the filters). */
export type ProposalFigures = {
  /** Sent versions the client can still answer. */
  readonly awaitingAnswer: number
  /** Centavos (MXN, IVA included) of the proposals accepted this month, Mexico City time. */
  readonly acceptedThisMonth: number
}

export type AdminServiceRequestList = ListPage<AdminServiceRequestListItem> & {
  readonly proposals: ProposalFigures
}

export type AdminServiceRequestBody = SuccessBody & { readonly request: AdminServiceRequest }
export type EnquiryBody = SuccessBody & { readonly enquiry: Enquiry }

/**
 * `/api/v1/admin/*`: the agency's inbox. 401 without a session, 403 `forbidden` unless the
 * account is an admin at this very call, 403 `mfa_required` when the admin has no passkey or
 * authenticator app or this session signed in with the password alone; lists take
 * `AdminListQuery` in the query string.
 */
export const adminEndpoints = {
  ...receivablesEndpoints,
  adminEnquiries: endpoint<never, ListPage<Enquiry>>()({
    method: 'GET',
    path: `${apiPrefix}/admin/enquiries`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields'],
  }),
  /** The same filtered list as CSV (every page; step-up). */
  adminEnquiriesCsv: endpoint()({
    method: 'GET',
    path: `${apiPrefix}/admin/enquiries.csv`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields', 'reauthentication_required'],
  }),
  adminEnquiry: endpoint<never, EnquiryBody>()({
    method: 'GET',
    path: `${apiPrefix}/admin/enquiries/:id`,
    status: 200,
    failures: [...adminGateFailures, 'not_found'],
  }),
  /** Marks an enquiry handled (or not). */
  markEnquiryHandled: endpoint<{ readonly handled: boolean }, EnquiryBody>()({
    method: 'POST',
    path: `${apiPrefix}/admin/enquiries/:id/handled`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields', 'not_found'],
  }),
  /** `awaiting=yes`: only threads whose last public message is the client's. */
  adminServiceRequests: endpoint<never, AdminServiceRequestList>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields'],
  }),
  /** The same filtered list as CSV (every page; step-up). */
  adminServiceRequestsCsv: endpoint()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests.csv`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields', 'reauthentication_required'],
  }),
  /** One request with its client and history. */
  adminServiceRequest: endpoint<never, AdminServiceRequestBody>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id`,
    status: 200,
    failures: [...adminGateFailures, 'not_found'],
  }),
  /** Only changes the `serviceRequest` machine allows (409 `invalid_transition` otherwise). */
  changeRequestStatus: endpoint<StatusChangeInput, AdminServiceRequestBody>()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/status`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields', 'not_found', 'invalid_transition'],
  }),
}
