import type { ApiDeps } from '../http/api-env'
import { jsonChangeGate, xsrfGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireFreshProof } from '../http/require-fresh-proof'
import { requireSession } from '../http/require-session'
import { changePasswordHandler } from './change-password'
import { deleteAccountHandler } from './delete-account'
import { exportAccountHandler } from './export-account'
import { meMessages as m } from './me-messages'
import { meHandler, updateProfileHandler } from './profile'
import { endSessionHandler, revokeOtherSessionsHandler, sessionsHandler } from './sessions'

/**
 * `/api/v1/me*`: the signed-in user's own data. Every answer is `no-store`; a state change
 * passes the gate first (413, 415, 403 XSRF), then every route needs a live session (401
 * `unauthenticated`), and the user is always the session's, never one named by the request.
 * Deleting, exporting and the password change need a fresh proof too (403
 * `reauthentication_required`).
 */
export function meRoutes(deps: ApiDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  // Step-up: a proof (the sign-in, or /me/reauthenticate) within the last 10 minutes.
  const fresh = requireFreshProof(deps)
  return [
    route('me', session, meHandler),
    route('updateProfile', gate, session, updateProfileHandler(deps)),
    route('deleteAccount', gate, session, fresh, deleteAccountHandler(deps)),
    route('changePassword', gate, session, fresh, changePasswordHandler(deps)),
    route('exportAccount', session, fresh, exportAccountHandler(deps)),
    route('sessions', session, sessionsHandler(deps)),
    route('revokeOtherSessions', gate, session, revokeOtherSessionsHandler(deps)),
    // No body: the XSRF check alone.
    routeWithIds('endSession', m.sessionNotFound, xsrfGate(deps), session, endSessionHandler(deps)),
  ]
}
