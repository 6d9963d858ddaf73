import type { MiddlewareHandler } from 'hono'
import { securityEvent } from '../log/security-event'
import { nowOf } from '../sessions/clock'
import { hasFreshProof } from '../sessions/step-up'
import { failure } from './answers'
import type { ApiDeps } from './api-env'
import { apiMessages } from './api-messages'
import { type AccountEnv, signedInOf } from './require-session'

/**
 * Step-up, behind `requireSession`: 403 `reauthentication_required` unless this session's holder
 * proved who they are (signed in, or `POST /api/v1/me/reauthenticate…`) within the last 10
 * minutes. The page asks for a proof and repeats the request.
 */
export function requireFreshProof(deps: Pick<ApiDeps, 'now'>): MiddlewareHandler<AccountEnv> {
  return async (c, next) => {
    const { session, user } = signedInOf(c)
    if (!hasFreshProof(session, nowOf(deps))) {
      securityEvent(c, 'step_up.required', { accountId: user.id })
      return failure(
        c,
        403,
        'reauthentication_required',
        c.get('t')(apiMessages.reauthenticationRequired),
      )
    }
    await next()
  }
}
