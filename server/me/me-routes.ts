import type { Hono } from 'hono'
import { apiPrefix } from '../../domain/api/api-contract'
import type { ApiDeps } from '../http/api-env'
import { jsonChangeGate, xsrfGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import { requireFreshProof } from '../http/require-fresh-proof'
import { type AccountEnv, requireSession } from '../http/require-session'
import { changePasswordHandler } from './change-password'
import { deleteAccountHandler } from './delete-account'
import { exportAccountHandler } from './export-account'
import { meHandler, updateProfileHandler } from './profile'
import { endSessionHandler, revokeOtherSessionsHandler, sessionsHandler } from './sessions'

/** Where the app mounts the signed-in user's routes. */
export const mePrefix = `${apiPrefix}/me`

/**
 * `/api/v1/me*`: the signed-in user's own data. Every answer is `no-store`; a state change
 * passes the gate first (413, 415, 403 XSRF), then every route needs a live session (401
 * `unauthenticated`), and the user is always the session's, never one named by the request.
 * Deleting, exporting and the password change need a fresh proof too (403
 * `reauthentication_required`).
 */
export function createMeRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  // Step-up: a proof (the sign-in, or /me/reauthenticate) within the last 10 minutes.
  const fresh = requireFreshProof(deps)
  return createApiRouter(mePrefix, (routes, path) => {
    routes.get(path('me'), session, meHandler)
    routes.patch(path('updateProfile'), gate, session, updateProfileHandler(deps))
    routes.delete(path('deleteAccount'), gate, session, fresh, deleteAccountHandler(deps))
    routes.post(path('changePassword'), gate, session, fresh, changePasswordHandler(deps))
    routes.get(path('exportAccount'), session, fresh, exportAccountHandler(deps))
    routes.get(path('sessions'), session, sessionsHandler(deps))
    routes.post(path('revokeOtherSessions'), gate, session, revokeOtherSessionsHandler(deps))
    // No body: the XSRF check alone.
    routes.delete(path('endSession'), xsrfGate(deps), session, endSessionHandler(deps))
  })
}
