import type { Hono } from 'hono'
import { endpoints } from '../../domain/api/api-contract'
import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { type AccountEnv, requireSession } from '../http/require-session'
import {
  createServiceRequestHandler,
  myServiceRequestsHandler,
  withdrawServiceRequestHandler,
} from './my-requests'

/** Where the app mounts the client's service requests (inside `/api/v1/me`). */
export const myRequestsPrefix = endpoints.myServiceRequests.path

/**
 * `/api/v1/me/service-requests*`, like the other `/me` routes: `no-store`, the gate on changes
 * (413, 415, 403 XSRF), a live session (401), and the user always the session's.
 */
export function createMyRequestRoutes(deps: AgencyDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  return createApiRouter(myRequestsPrefix, (routes, path) => {
    routes.get(path('myServiceRequests'), session, myServiceRequestsHandler(deps))
    routes.post(path('createServiceRequest'), gate, session, createServiceRequestHandler(deps))
    routes.post(path('withdrawServiceRequest'), gate, session, withdrawServiceRequestHandler(deps))
  })
}
