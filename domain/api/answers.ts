import type { FieldErrors } from '../forms/field-errors'
import { type SecondFactorMethod, secondFactorMethods } from './factor-methods'

/**
 * Every answer is JSON. A success is `{ success: true, message }` with the endpoint's status
 * (or a body of its own, declared with the endpoint); a failure is `{ success: false, code,
 * message, error }` (`error` repeats `message` for clients that read it), plus `fields` — one
 * message per field — when the input was refused.
 */

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
  /** 409 from `verifyEmail`: the link was used and the address is confirmed: sign in. */
  'already_verified',
  'xsrf_failed',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'not_found',
  /** 403: signed in, but the account may not do this (an admin endpoint, a client's own). */
  'forbidden',
  /** 409: the request's lifecycle does not allow that change from its current status. */
  'invalid_transition',
  /** 413: the request's files together would pass their limit (100 MB). */
  'quota_exceeded',
  /** 416: a download's `Range` lies outside the file (`Content-Range: bytes *\/size`). */
  'range_not_satisfiable',
  'server_error',
  /** 503: too many password hashes queued; `Retry-After` says when to try again. */
  'busy',
  /** 503: the database does not answer; `Retry-After` says when to try again. */
  'unavailable',
  /**
   * 401 from `login`: the password was right and the account has a second factor; the answer
   * carries `methods` and a half-way cookie for `POST /api/v1/auth/login/second-factor`.
   */
  'second_factor_required',
  /** 401: the half-way sign-in is over (5 minutes, or never started): sign in again. */
  'sign_in_expired',
  /** 400: the authenticator or recovery code is wrong, used or out of time. */
  'invalid_code',
  /** 400: the passkey answer does not verify (or its challenge is used or expired). */
  'passkey_rejected',
  /**
   * 403 from every admin endpoint: the account has no passkey or authenticator app, or this
   * session signed in with the password alone; set one up (or sign in again with it) first.
   */
  'mfa_required',
  /** 403: this action needs a proof within the last 10 minutes (`/api/v1/me/reauthenticate`). */
  'reauthentication_required',
  /**
   * 403 from managing second factors: the account has a passkey or authenticator app, and this
   * session has not proved one (a code or passkey, `/api/v1/me/reauthenticate…`) within the
   * last 10 minutes; the password alone is not enough.
   */
  'factor_proof_required',
  /** 409: an authenticator app is already on; turn it off first. */
  'totp_already_enabled',
  /** 409: no authenticator enrolment is pending (never started, or over 10 minutes old). */
  'enrolment_expired',
  /** 409: the account has no passkey or authenticator app. */
  'no_second_factor',
  /** 410: the proposal answered was superseded by a newer version, withdrawn, or has expired. */
  'proposal_closed',
  /**
   * 409: the item changed since the version the change names (another admin saved it): the
   * body's `currentVersion` says which version to reload; nothing was overwritten.
   */
  'conflict',
  /** 400: a webhook whose signature does not verify with the endpoint's secret (or is too old). */
  'invalid_signature',
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
  /** With `second_factor_required`: what the account's second step may use. */
  readonly methods?: readonly SecondFactorMethod[]
  /** With `conflict`: the item's version now. */
  readonly currentVersion?: number
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

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 429 | 500 | 503

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
  readonly methods?: readonly SecondFactorMethod[]
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
  const methods = Array.isArray(body.methods)
    ? body.methods.filter((method): method is SecondFactorMethod =>
        secondFactorMethods.some((known) => known === method),
      )
    : undefined
  return {
    ...(typeof body.success === 'boolean' ? { success: body.success } : {}),
    ...(isString(body.message) ? { message: body.message } : {}),
    ...(isString(body.error) ? { error: body.error } : {}),
    ...(errorCodes.some((code) => code === body.code) ? { code: body.code as ErrorCode } : {}),
    ...(fields ? { fields } : {}),
    ...(methods ? { methods } : {}),
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
