import { Hono } from 'hono'
import { apiPrefix, type EndpointName, endpoints } from '../../src/domain/api/api-contract'
import { answerError, apiContext, jsonChangeGate, notFound, xsrfGate } from '../auth/api-gate'
import type { AuthDeps } from '../auth/auth-env'
import { type AccountEnv, requireSession } from '../sessions/require-session'
import {
  endSessionHandler,
  revokeOtherSessionsHandler,
  sessionsHandler,
} from '../sessions/session-handlers'
import { changePasswordHandler } from './change-password'
import { deleteAccountHandler } from './delete-account'
import { exportAccountHandler } from './export-account'
import { meHandler, updateProfileHandler } from './profile'

/** Where the app mounts the signed-in user's routes. */
export const mePrefix = `${apiPrefix}/me`

/**
 * `/api/v1/me*`: the signed-in user's own data. Every answer is `no-store`; a state change
 * passes the gate first (413, 415, 403 XSRF), then every route needs a live session (401
 * `unauthenticated`), and the user is always the session's, never one named by the request.
 */
export function createMeRoutes(deps: AuthDeps): Hono<AccountEnv> {
  const routes = new Hono<AccountEnv>()
  routes.use('*', apiContext)
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const path = (endpoint: EndpointName) => endpoints[endpoint].path.slice(mePrefix.length) || '/'

  routes.get(path('me'), session, meHandler)
  routes.patch(path('updateProfile'), gate, session, updateProfileHandler(deps))
  routes.delete(path('deleteAccount'), gate, session, deleteAccountHandler(deps))
  routes.post(path('changePassword'), gate, session, changePasswordHandler(deps))
  routes.get(path('exportAccount'), session, exportAccountHandler(deps))
  routes.get(path('sessions'), session, sessionsHandler(deps))
  routes.post(path('revokeOtherSessions'), gate, session, revokeOtherSessionsHandler(deps))
  // No body: the XSRF check alone.
  routes.delete(path('endSession'), xsrfGate(deps), session, endSessionHandler(deps))

  routes.all('*', notFound)
  routes.onError(answerError)
  return routes
}
