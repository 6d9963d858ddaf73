import type { ErrorCode } from './answers'

export const apiPrefix = '/api/v1'

/** The double-submit XSRF pair (docs/decisions/004): the cookie's value echoed in the header. */
export const xsrfCookieName = 'XSRF-TOKEN'
export const xsrfHeaderName = 'X-XSRF-TOKEN'

/** A success that is the plain `{ success: true, message }` (`SuccessBody`). */
export type MessageOnly = 'message only'
/** A success with no body (204). */
export type NoContent = 'no content'

/**
 * One endpoint, declared once: method, path, the status of a success, the failures it answers
 * with besides the gate's (`tests/e2e/api-errors.test.ts` provokes every one of them against the
 * real server, so the list cannot drift from what the server says), and — as types only, never
 * set at run time — its request body (`never`: it takes none) and its success body.
 */
export type Endpoint<Request = unknown, Success = unknown> = {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
  /** The status of a success. */
  readonly status: 200 | 201 | 204
  /** The failures this endpoint answers with, besides those every endpoint may give. */
  readonly failures: readonly ErrorCode[]
  readonly types?: { readonly request: Request; readonly success: Success }
}

/**
 * `endpoint<Request, Success>()({ method, path, status })`: the bodies' types beside the
 * endpoint's route (two calls, so the route's literal types are inferred).
 */
export function endpoint<Request = never, Success = MessageOnly>() {
  return <const Route extends Omit<Endpoint, 'types'>>(route: Route) =>
    route as Route & Endpoint<Request, Success>
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

/**
 * What the admin gate answers before any admin endpoint runs: no session, not an admin at this
 * very call, no second factor proved in this session.
 */
export const adminGateFailures = [
  'unauthenticated',
  'forbidden',
  'mfa_required',
] as const satisfies readonly ErrorCode[]
