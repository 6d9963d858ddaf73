import {
  type CallFailure,
  type ErrorCode,
  type FailureStatus,
  type FieldErrors,
  failureBody,
  type SuccessBody,
  successBody,
} from '../../src/domain/api/api-contract'

/**
 * Answers for the fake network, built by the API contract's own body builders — the ones the
 * server answers with — so a change to the contract's bodies changes these too, and a body the
 * server cannot send is written as such (`offContract`).
 */

/** What an endpoint's actor resolves with on a contract success. */
export function accepted(message: string): SuccessBody {
  return successBody(message)
}

/** What the HTTP client rejects with when the server answers with the contract's failure. */
export function refused(
  status: FailureStatus,
  code: ErrorCode,
  message: string,
  fields?: FieldErrors,
): CallFailure {
  return {
    message: `Request failed with status code ${status}`,
    response: { status, data: failureBody(code, message, fields) },
  }
}

/** What the HTTP client rejects with when no answer came (the network failed). */
export function unreachable(): CallFailure {
  return { message: 'Network Error' }
}

/**
 * A body this server never sends (a proxy's page, an older server): the flows must still show
 * their default texts. Kept apart so nobody mistakes it for the contract.
 */
export function offContract<Body extends object>(body: Body): Body {
  return body
}
