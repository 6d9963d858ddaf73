import {
  type CallFailure,
  type EndpointName,
  type ErrorCode,
  endpoints,
  type FailureStatus,
  type FieldErrors,
  failureBody,
  type SuccessBody,
  successBody,
} from '../../domain/api/api-contract'

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
  offContractBodies.add(body)
  return body
}

const offContractBodies = new WeakSet<object>()

/** Whether `body` was written with `offContract` (the check against the server leaves it out). */
export function isOffContract(body: unknown): boolean {
  return typeof body === 'object' && body !== null && offContractBodies.has(body)
}

/**
 * An answer a path test gives to a call its machine does not make itself (the list or the
 * record a page reads around the flow), named with its endpoint so the check against the real
 * server (tests/e2e/doubles-match-server.test.ts) finds and compares it.
 */
export type HeldRead<Body = unknown> = {
  readonly endpoint: EndpointName
  readonly status: number
  readonly body: Body
  /** Which success it is, when the endpoint has several (a thread's newest or older page). */
  readonly success?: string
}

/**
 * `endpoint`'s success with `body`, at the endpoint's own status; `success` names the
 * situation when the endpoint succeeds in several ways the check must tell apart.
 */
export function readAs<Body extends object>(
  endpoint: EndpointName,
  body: Body,
  success?: string,
): HeldRead<Body> {
  return {
    endpoint,
    status: endpoints[endpoint].status,
    body,
    ...(success === undefined ? {} : { success }),
  }
}

/** `endpoint` refusing with `failure` (built by `refused`). */
export function readRefused(endpoint: EndpointName, failure: CallFailure): HeldRead {
  if (!failure.response) throw new Error('A held read is an answer: use refused(…)')
  return { endpoint, status: failure.response.status, body: failure.response.data }
}
