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

import type { RegistrationValues } from '../registration/registration-schema'
import type { FieldErrors } from './field-errors'

export const apiPrefix = '/api/v1'

/** The double-submit XSRF pair (docs/decisions/004): the cookie's value echoed in the header. */
export const xsrfCookieName = 'XSRF-TOKEN'
export const xsrfHeaderName = 'X-XSRF-TOKEN'

export const errorCodes = [
  'invalid_json',
  'invalid_fields',
  'invalid_token',
  'already_registered',
  'xsrf_failed',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'not_found',
  'server_error',
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

export type FailureStatus = 400 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503

type Endpoint = {
  readonly method: 'GET' | 'POST'
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
    failures: ['invalid_fields', 'invalid_token'],
  },
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** What each state-changing endpoint receives (validated on the server by the same schemas). */
export type EndpointRequests = {
  readonly register: RegistrationValues
  readonly resendRecoveryEmail: { readonly email: string }
  readonly resetPassword: { readonly token: string; readonly password: string }
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
