import type { Handler } from 'hono'
import type { SessionSummary } from '../../domain/api/api-contract'
import type { Translate } from '../../domain/forms/translate'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure, success } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { endBrowserSession } from '../sessions/browser-session'
import { nowOf } from '../sessions/clock'
import {
  endOtherSessions,
  endUserSession,
  listSessions,
  type StoredSession,
} from '../sessions/session-store'
import { deviceName } from './device-name'
import { meMessages as m } from './me-messages'

export function toSessionSummary(
  session: StoredSession,
  currentId: string,
  t: Translate,
): SessionSummary {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    device: deviceName(session.userAgent, t),
    current: session.id === currentId,
    signInMethod: session.signInMethod,
  }
}

/** `GET /api/v1/me/sessions`: the user's live sessions, this one marked `current`. */
export function sessionsHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const { user, session } = signedInOf(c)
    const live = await listSessions(deps.pool, user.id, nowOf(deps))
    const t = c.get('t')
    return answer(c, 'sessions', {
      success: true,
      sessions: live.map((s) => toSessionSummary(s, session.id, t)),
    })
  }
}

/**
 * `DELETE /api/v1/me/sessions/:id`: ends one of the user's own sessions. Another user's id, a
 * made-up one and an ended one get the same 404. Ending this very session signs this browser
 * out.
 */
export function endSessionHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const { user, session } = signedInOf(c)
    const id = pathId(c, 'id')
    if (!(await endUserSession(deps.pool, user.id, id)))
      return failure(c, 404, 'not_found', t(m.sessionNotFound))
    if (id === session.id) await endBrowserSession(c, deps)
    securityEvent(c, 'session.revoked', { accountId: user.id, count: 1 })
    return success(c, 'endSession', t(m.sessionEnded))
  }
}

/** `POST /api/v1/me/sessions/revoke-others`: every session of the user but this one ends. */
export function revokeOtherSessionsHandler(deps: ApiDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale(createEmptyBodySchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user, session } = signedInOf(c)
    const ended = await endOtherSessions(deps.pool, user.id, session.id)
    securityEvent(c, 'session.revoked', { accountId: user.id, count: ended })
    return answer(c, 'revokeOtherSessions', {
      success: true,
      message: c.get('t')(m.otherSessionsEnded),
      ended,
    })
  }
}
