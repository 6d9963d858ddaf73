import type { Handler } from 'hono'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { success } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import { securityEvent } from '../log/security-event'
import { endBrowserSession } from '../sessions/browser-session'
import { authMessages as m } from './auth-messages'

/**
 * `POST /api/v1/auth/logout`: ends the session on the server (the id is useless from now on,
 * wherever a copy of it is) and gives the browser a fresh anonymous id. Signed out already: the
 * same answer.
 */
export function logoutHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createEmptyBodySchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const userId = await endBrowserSession(c, deps)
    if (userId) securityEvent(c, 'auth.logout', { accountId: userId })
    return success(c, 'logout', c.get('t')(m.signedOut))
  }
}
