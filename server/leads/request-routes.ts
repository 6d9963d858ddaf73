import { Hono } from 'hono'
import { endpoints } from '../../src/domain/api/api-contract'
import { answerError, apiContext, jsonChangeGate, notFound } from '../auth/api-gate'
import { type AccountEnv, requireSession } from '../sessions/require-session'
import type { ContactDeps } from './contact-deps'
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
export function createMyRequestRoutes(deps: ContactDeps): Hono<AccountEnv> {
  const routes = new Hono<AccountEnv>()
  routes.use('*', apiContext)
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const path = (endpoint: 'withdrawServiceRequest') =>
    endpoints[endpoint].path.slice(myRequestsPrefix.length)
  routes.get('/', session, myServiceRequestsHandler(deps))
  routes.post('/', gate, session, createServiceRequestHandler(deps))
  routes.post(path('withdrawServiceRequest'), gate, session, withdrawServiceRequestHandler(deps))
  routes.all('*', notFound)
  routes.onError(answerError)
  return routes
}
