/**
 * The HTTP API, described once for both sides: each resource declares its endpoints (method,
 * path, success status, request and success bodies) in its own file beside this one,
 * `<resource>-endpoints.ts` for `server/<resource>/`; here they
 * are gathered, and the per-endpoint types both sides use are derived from them. The Hono
 * routes answer with these bodies and statuses (the compiler checks each answer against its
 * endpoint), and the site's client calls the endpoints by name and reads the same types.
 * Changing a body breaks the build of the side that no longer matches.
 */

import { adminEndpoints } from './admin-endpoints'
import { authEndpoints } from './auth-endpoints'
import { contactEndpoints } from './contact-endpoints'
import { contentEndpoints } from './content-endpoints'
import type { Endpoint, MessageOnly, NoContent } from './endpoint'
import { factorsEndpoints } from './factors-endpoints'
import { filesEndpoints } from './files-endpoints'
import { meEndpoints } from './me-endpoints'
import { messagesEndpoints } from './messages-endpoints'
import { paymentsEndpoints } from './payments-endpoints'
import { proposalsEndpoints } from './proposals-endpoints'
import { serviceRequestsEndpoints } from './service-requests-endpoints'
import { workEndpoints } from './work-endpoints'

export * from './admin-endpoints'
export * from './admin-receivables'
export * from './answers'
export * from './auth-endpoints'
export * from './contact-endpoints'
export * from './content-endpoints'
export type { MessageOnly, NoContent } from './endpoint'
export { apiPrefix, gateFailures, xsrfCookieName, xsrfHeaderName } from './endpoint'
export * from './factors-endpoints'
export * from './files-endpoints'
export * from './me-endpoints'
export * from './messages-endpoints'
export * from './payments-endpoints'
export * from './proposals-endpoints'
export * from './service-requests-endpoints'
export * from './work-endpoints'

export const endpoints = {
  ...authEndpoints,
  ...meEndpoints,
  ...factorsEndpoints,
  ...contactEndpoints,
  ...serviceRequestsEndpoints,
  ...adminEndpoints,
  ...messagesEndpoints,
  ...filesEndpoints,
  ...proposalsEndpoints,
  ...contentEndpoints,
  ...paymentsEndpoints,
  ...workEndpoints,
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

type Bodies<Name extends EndpointName> = NonNullable<(typeof endpoints)[Name]['types']>
type RequestOf<Name extends EndpointName> = Bodies<Name>['request']
type SuccessOf<Name extends EndpointName> = Bodies<Name>['success']

/** What each endpoint that takes a body receives (validated on the server by the same schemas). */
export type EndpointRequests = {
  readonly [Name in EndpointName as [RequestOf<Name>] extends [never]
    ? never
    : Name]: RequestOf<Name>
}
export type PostEndpointName = keyof EndpointRequests

/** The success body of each endpoint that has one of its own (the others: `SuccessBody`, or 204). */
export type EndpointSuccess = {
  readonly [Name in EndpointName as SuccessOf<Name> extends MessageOnly | NoContent
    ? never
    : Name]: SuccessOf<Name>
}
