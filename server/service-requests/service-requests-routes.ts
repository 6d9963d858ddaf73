import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireSession } from '../http/require-session'
import {
  createServiceRequestHandler,
  myServiceRequestsHandler,
  withdrawServiceRequestHandler,
} from './my-requests'
import { requestAnswerMessages as m } from './request-messages'

/**
 * `/api/v1/me/service-requests*`, like the other `/me` routes: `no-store`, the gate on changes
 * (413, 415, 403 XSRF), a live session (401), and the user always the session's.
 */
export function serviceRequestsRoutes(deps: AgencyDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  return [
    route('myServiceRequests', session, myServiceRequestsHandler(deps)),
    route('createServiceRequest', gate, session, createServiceRequestHandler(deps)),
    routeWithIds(
      'withdrawServiceRequest',
      m.notFound,
      gate,
      session,
      withdrawServiceRequestHandler(deps),
    ),
  ]
}
