export const apiPrefix = '/api/v1'

/** The double-submit XSRF pair (docs/decisions/004): the cookie's value echoed in the header. */
export const xsrfCookieName = 'XSRF-TOKEN'
export const xsrfHeaderName = 'X-XSRF-TOKEN'

/** A success that is the plain `{ success: true, message }` (`SuccessBody`). */
export type MessageOnly = 'message only'
/** A success with no body (204). */
export type NoContent = 'no content'

/**
 * One endpoint, declared once: method, path, the status of a success, and — as types only,
 * never set at run time — its request body (`never`: it takes none) and its success body.
 */
export type Endpoint<Request = unknown, Success = unknown> = {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
  /** The status of a success. */
  readonly status: 200 | 201 | 204
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
