/**
 * The HTTP API, described once for both sides: the Hono routes answer with these bodies and
 * statuses (the compiler checks each answer against its endpoint), and the site's client calls
 * the endpoints by name and reads the same types. Changing a body here breaks the build of the
 * side that no longer matches.
 *
 * Every answer is JSON. A success is `{ success: true, message }` with the endpoint's status; a
 * failure is `{ success: false, code, message, error }` (`error` repeats `message` for clients
 * that read it), plus `fields` — one message per field — when the input was refused.
 */

import type { ChangePasswordInput, LoginInput, ProfileField } from '../accounts/account-schemas'
import type { ContactInput } from '../leads/contact-schema'
import type { BudgetRange, DesiredStart } from '../leads/lead-options'
import type { Locale } from '../locales'
import type { RegistrationValues } from '../registration/registration-schema'
import type { ServiceRequestInput, StatusChangeInput } from '../requests/request-schemas'
import type { RequestActor, RequestStatus } from '../requests/request-status'
import type { ServiceId } from '../services/service-table'
import type { FieldErrors } from './field-errors'

export const apiPrefix = '/api/v1'

/** The double-submit XSRF pair (docs/decisions/004): the cookie's value echoed in the header. */
export const xsrfCookieName = 'XSRF-TOKEN'
export const xsrfHeaderName = 'X-XSRF-TOKEN'

export const errorCodes = [
  'invalid_json',
  'invalid_fields',
  'invalid_token',
  /**
   * 409: a reset link of an address whose registration was never confirmed; the unconfirmed
   * registration is removed and the owner registers afresh (docs/decisions/033).
   */
  'registration_unfinished',
  'already_registered',
  'invalid_credentials',
  'email_unverified',
  'unauthenticated',
  'wrong_password',
  'expired_token',
  'xsrf_failed',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'not_found',
  /** 403: signed in, but the account may not do this (an admin endpoint, a client's own). */
  'forbidden',
  /** 409: the request's lifecycle does not allow that change from its current status. */
  'invalid_transition',
  'server_error',
  /** 503: too many password hashes queued; `Retry-After` says when to try again. */
  'busy',
  /** 503: the database does not answer; `Retry-After` says when to try again. */
  'unavailable',
] as const
export type ErrorCode = (typeof errorCodes)[number]

export type { FieldErrors }

export type SuccessBody = { readonly success: true; readonly message: string }

export type FailureBody = {
  readonly success: false
  readonly code: ErrorCode
  readonly message: string
  readonly error: string
  readonly fields?: FieldErrors
}

export type ApiBody = SuccessBody | FailureBody

/** A success body: what every endpoint with a JSON success answers. */
export function successBody(message: string): SuccessBody {
  return { success: true, message }
}

/** A failure body; `error` repeats `message` for clients that read it. */
export function failureBody(code: ErrorCode, message: string, fields?: FieldErrors): FailureBody {
  return { success: false, code, message, error: message, ...(fields ? { fields } : {}) }
}

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503

type Endpoint = {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
  /** The status of a success. */
  readonly status: 200 | 201 | 204
  /** The failures this endpoint answers with, besides those every endpoint may give. */
  readonly failures: readonly ErrorCode[]
}

/** Failures any state-changing endpoint may answer with (the shared gate and the server). */
export const gateFailures = [
  'too_large',
  'unsupported_media_type',
  'xsrf_failed',
  'invalid_json',
  'rate_limited',
  'server_error',
] as const satisfies readonly ErrorCode[]

export const endpoints = {
  /** Gives the browser a session id and an XSRF token signed for it (cookies; no body). */
  xsrfToken: { method: 'GET', path: `${apiPrefix}/auth/xsrf-token`, status: 204, failures: [] },
  /** Body: the registration payload (src/domain/registration/registration-schema.ts). */
  register: {
    method: 'POST',
    path: `${apiPrefix}/auth/register`,
    status: 201,
    failures: ['invalid_fields', 'already_registered'],
  },
  /** Body: `{ email }`. The same answer whether or not the address has an account. */
  resendRecoveryEmail: {
    method: 'POST',
    path: `${apiPrefix}/auth/resend-recovery-email`,
    status: 200,
    failures: ['invalid_fields'],
  },
  /** Body: `{ token, password }`. */
  resetPassword: {
    method: 'POST',
    path: `${apiPrefix}/auth/reset-password`,
    status: 200,
    failures: ['invalid_fields', 'invalid_token', 'registration_unfinished'],
  },
  /** Body: `{ token }` from the verification mail's link. */
  verifyEmail: {
    method: 'POST',
    path: `${apiPrefix}/auth/verify-email`,
    status: 200,
    failures: ['invalid_fields', 'invalid_token', 'expired_token'],
  },
  /** Body: `{ email }`. The same answer whether or not the address has an unverified account. */
  resendVerification: {
    method: 'POST',
    path: `${apiPrefix}/auth/resend-verification`,
    status: 200,
    failures: ['invalid_fields'],
  },
  /**
   * Body: `{ email, password, remember? }`. Success: `SignedInBody` and a new session cookie.
   * Unknown email and wrong password answer the same 401 in the same time.
   */
  login: {
    method: 'POST',
    path: `${apiPrefix}/auth/login`,
    status: 200,
    failures: ['invalid_fields', 'invalid_credentials', 'email_unverified'],
  },
  /** Ends this session on the server. */
  logout: { method: 'POST', path: `${apiPrefix}/auth/logout`, status: 200, failures: [] },
  /** The signed-in user (`MeBody`), or 401 `unauthenticated`. Every `/me*` answer is no-store. */
  me: { method: 'GET', path: `${apiPrefix}/me`, status: 200, failures: ['unauthenticated'] },
  /** Body: some of the profile fields (`ProfileUpdate`). Success: `MeBody`. */
  updateProfile: {
    method: 'PATCH',
    path: `${apiPrefix}/me`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields'],
  },
  /** Body: `{ currentPassword, newPassword }`; ends every other session and mails a notice. */
  changePassword: {
    method: 'POST',
    path: `${apiPrefix}/me/password`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'wrong_password'],
  },
  /** Body: `{ password }`; deletes the account and its data, signs out, mails a confirmation. */
  deleteAccount: {
    method: 'DELETE',
    path: `${apiPrefix}/me`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'wrong_password'],
  },
  /** Everything stored about the user, as a JSON download (`AccountExport`). */
  exportAccount: {
    method: 'GET',
    path: `${apiPrefix}/me/export`,
    status: 200,
    failures: ['unauthenticated'],
  },
  /** The user's sessions (`SessionsBody`). */
  sessions: {
    method: 'GET',
    path: `${apiPrefix}/me/sessions`,
    status: 200,
    failures: ['unauthenticated'],
  },
  /** Ends one of the user's sessions: `DELETE /api/v1/me/sessions/:id`. */
  endSession: {
    method: 'DELETE',
    path: `${apiPrefix}/me/sessions/:id`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  },
  /** Ends every session of the user but this one (`RevokedBody`). */
  revokeOtherSessions: {
    method: 'POST',
    path: `${apiPrefix}/me/sessions/revoke-others`,
    status: 200,
    failures: ['unauthenticated'],
  },
  /** Body: `ContactInput`. A message caught by the spam rules is answered alike and dropped. */
  contact: {
    method: 'POST',
    path: `${apiPrefix}/contact`,
    status: 201,
    failures: ['invalid_fields'],
  },
  /** The signed-in client's requests, newest first (`ServiceRequestsBody`). */
  myServiceRequests: {
    method: 'GET',
    path: `${apiPrefix}/me/service-requests`,
    status: 200,
    failures: ['unauthenticated'],
  },
  /** Body: `ServiceRequestInput`. Success: `ServiceRequestBody` (status `received`). */
  createServiceRequest: {
    method: 'POST',
    path: `${apiPrefix}/me/service-requests`,
    status: 201,
    failures: ['unauthenticated', 'invalid_fields'],
  },
  /** Body: `{ note? }`. The client withdraws one of their open requests. */
  withdrawServiceRequest: {
    method: 'POST',
    path: `${apiPrefix}/me/service-requests/:id/withdraw`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'not_found', 'invalid_transition'],
  },
  /** Enquiries for the admin inbox (`AdminListQuery` in the query string; `EnquiriesPage`). */
  adminEnquiries: {
    method: 'GET',
    path: `${apiPrefix}/admin/enquiries`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields'],
  },
  /** The same filtered list as CSV (every page). */
  adminEnquiriesCsv: {
    method: 'GET',
    path: `${apiPrefix}/admin/enquiries.csv`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields'],
  },
  /** One enquiry (`EnquiryBody`). */
  adminEnquiry: {
    method: 'GET',
    path: `${apiPrefix}/admin/enquiries/:id`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'not_found'],
  },
  /** Body: `{ handled }`. Marks an enquiry handled (or not). Success: `EnquiryBody`. */
  markEnquiryHandled: {
    method: 'POST',
    path: `${apiPrefix}/admin/enquiries/:id/handled`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields', 'not_found'],
  },
  /** Service requests for the admin inbox (`AdminListQuery`; `AdminServiceRequestsPage`). */
  adminServiceRequests: {
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields'],
  },
  /** The same filtered list as CSV (every page). */
  adminServiceRequestsCsv: {
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests.csv`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields'],
  },
  /** One request with its client and history (`AdminServiceRequestBody`). */
  adminServiceRequest: {
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'not_found'],
  },
  /** Body: `StatusChangeInput`; only changes the `serviceRequest` machine allows (else 409). */
  changeRequestStatus: {
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/status`,
    status: 200,
    failures: ['unauthenticated', 'forbidden', 'invalid_fields', 'not_found', 'invalid_transition'],
  },
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** What an account may do: every account is a `client`; the agency's staff are `admin`. */
export const userRoles = ['client', 'admin'] as const
export type UserRole = (typeof userRoles)[number]

/** What the API shows of a user: never the password hash, tokens or sessions. */
export type AccountUser = {
  readonly id: string
  readonly email: string
  readonly emailVerified: boolean
  /** `admin` opens the agency's inbox (`/admin`); the server checks it on every admin call. */
  readonly role: UserRole
  readonly locale: Locale
  readonly createdAt: string
  readonly profile: Readonly<Record<ProfileField, string>>
}

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

/** A service request as the agency sees it: with who sent it. */
export type AdminServiceRequest = ServiceRequestSummary & {
  readonly client: {
    readonly id: string
    readonly name: string
    readonly lastName: string
    readonly email: string
    readonly locale: Locale
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

export type ServiceRequestsBody = {
  readonly success: true
  readonly requests: readonly ServiceRequestSummary[]
}
export type ServiceRequestBody = SuccessBody & { readonly request: ServiceRequestSummary }
export type AdminServiceRequestBody = SuccessBody & { readonly request: AdminServiceRequest }
export type EnquiryBody = SuccessBody & { readonly enquiry: Enquiry }

/** One of the user's sessions, as the sessions list shows it. */
export type SessionSummary = {
  readonly id: string
  readonly createdAt: string
  readonly lastSeenAt: string
  /** "Firefox on Windows", from the user agent. */
  readonly device: string
  /** The session of the request that asked. */
  readonly current: boolean
}

export type SignedInBody = SuccessBody & { readonly user: AccountUser }
export type MeBody = { readonly success: true; readonly user: AccountUser }
export type SessionsBody = { readonly success: true; readonly sessions: readonly SessionSummary[] }
export type RevokedBody = SuccessBody & { readonly ended: number }
export type AccountExport = {
  readonly exportedAt: string
  readonly user: AccountUser
  readonly sessions: readonly SessionSummary[]
  /** The rest of what is stored about the user, as stored (the server always sends it). */
  readonly stored?: StoredAccountData
}

/** The export's full record: every row the account owns, secrets (hashes, tokens) left out. */
export type StoredAccountData = {
  readonly emailVerifiedAt: string | null
  readonly passwordChangedAt: string | null
  readonly sessions: readonly {
    readonly id: string
    readonly userAgent: string
    readonly remember: boolean
    readonly createdAt: string
    readonly lastSeenAt: string
    readonly expiresAt: string
  }[]
  /** Mails sent or waiting to be sent to the user. */
  readonly mails: readonly {
    readonly kind: string
    readonly status: string
    readonly createdAt: string
    readonly sentAt: string | null
  }[]
  /** Links mailed to the user (verification, password reset): when, until when, whether used. */
  readonly links: readonly {
    readonly purpose: 'email_verification' | 'password_reset'
    readonly createdAt: string
    readonly expiresAt: string
    readonly usedAt: string | null
  }[]
  /** The user's service requests, newest first, each with its history (oldest first). */
  readonly serviceRequests: readonly ServiceRequestSummary[]
}

/** The success body of each endpoint (the others answer `SuccessBody`, or nothing: 204). */
export type EndpointSuccess = {
  readonly login: SignedInBody
  readonly me: MeBody
  readonly updateProfile: MeBody
  readonly sessions: SessionsBody
  readonly revokeOtherSessions: RevokedBody
  readonly exportAccount: AccountExport
  readonly myServiceRequests: ServiceRequestsBody
  readonly createServiceRequest: ServiceRequestBody
  readonly withdrawServiceRequest: ServiceRequestBody
  readonly adminEnquiries: ListPage<Enquiry>
  readonly adminEnquiry: EnquiryBody
  readonly markEnquiryHandled: EnquiryBody
  readonly adminServiceRequests: ListPage<AdminServiceRequest>
  readonly adminServiceRequest: AdminServiceRequestBody
  readonly changeRequestStatus: AdminServiceRequestBody
}

/** What each state-changing endpoint receives (validated on the server by the same schemas). */
export type EndpointRequests = {
  readonly register: RegistrationValues
  readonly resendRecoveryEmail: { readonly email: string }
  readonly resetPassword: { readonly token: string; readonly password: string }
  readonly verifyEmail: { readonly token: string }
  readonly resendVerification: { readonly email: string }
  readonly login: LoginInput
  readonly logout: Record<string, never>
  readonly updateProfile: Partial<Record<ProfileField, string>>
  readonly changePassword: ChangePasswordInput
  readonly deleteAccount: { readonly password: string }
  readonly revokeOtherSessions: Record<string, never>
  readonly contact: ContactInput
  readonly createServiceRequest: ServiceRequestInput
  readonly withdrawServiceRequest: { readonly note?: string }
  readonly markEnquiryHandled: { readonly handled: boolean }
  readonly changeRequestStatus: StatusChangeInput
}
export type PostEndpointName = keyof EndpointRequests

/**
 * What the client reads from any answer body, success or failure: each field only when it has
 * the contract's type (a proxy or an older server may send something else). Field types come
 * from the bodies above, so a change there reaches every reader.
 */
export type ApiAnswer = {
  readonly success?: boolean
  readonly message?: SuccessBody['message'] | FailureBody['message']
  readonly error?: FailureBody['error']
  readonly code?: ErrorCode
  readonly fields?: FieldErrors
}

const isString = (value: unknown): value is string => typeof value === 'string'

/** The one parser of answer bodies (both flows and the HTTP client use it). */
export function readAnswer(data: unknown): ApiAnswer | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const body = data as Record<string, unknown>
  const fields =
    typeof body.fields === 'object' && body.fields !== null
      ? Object.fromEntries(
          Object.entries(body.fields).filter((entry): entry is [string, string] =>
            isString(entry[1]),
          ),
        )
      : undefined
  return {
    ...(typeof body.success === 'boolean' ? { success: body.success } : {}),
    ...(isString(body.message) ? { message: body.message } : {}),
    ...(isString(body.error) ? { error: body.error } : {}),
    ...(errorCodes.some((code) => code === body.code) ? { code: body.code as ErrorCode } : {}),
    ...(fields ? { fields } : {}),
  }
}

/**
 * What a failed call rejects with: the HTTP client's error, with the server's answer when there
 * was one (none when the network failed).
 */
export type CallFailure = {
  readonly message: string
  readonly response?: { readonly status: number; readonly data: unknown }
}

function responseOf(error: unknown): CallFailure['response'] {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined
  return (error as CallFailure).response
}

/** The status of a failed call's answer, when the server answered. */
export function failureStatus(error: unknown): number | undefined {
  return responseOf(error)?.status
}

/** The body of a failed call's answer, when the server answered with one. */
export function failureAnswer(error: unknown): ApiAnswer | undefined {
  return readAnswer(responseOf(error)?.data)
}
