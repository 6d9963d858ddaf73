import type { Context, MiddlewareHandler } from 'hono'
import type { Uuid } from '../../domain/ids/uuid'
import { isHttps } from '../security/client-ip'
import { clearSignedInHint } from '../security/signed-in-hint'
import { sessionIdOf } from '../security/xsrf'
import { loadUser, type UserRow } from '../sessions/account-user'
import { nowOf } from '../sessions/clock'
import { type StoredSession, touchSession } from '../sessions/session-store'
import { failure } from './answers'
import type { ApiDeps, ApiEnv } from './api-env'
import { apiMessages } from './api-messages'

/** The signed-in request: its live session and its user (set by `requireSession`). */
export type SignedIn = { readonly session: StoredSession; readonly user: UserRow }
/**
 * `signedIn` is optional so that the shared middleware (typed for every API route) fits these
 * routes too; `signedInOf` reads it behind `requireSession`. `pathIds`: the path's ids, checked
 * at the edge (`server/http/path-ids.ts`).
 */
export type AccountEnv = {
  Variables: ApiEnv['Variables'] & {
    signedIn?: SignedIn
    pathIds?: {
      readonly id?: Uuid
      readonly fileId?: Uuid
      readonly proposalId?: Uuid
      readonly revisionId?: Uuid
      readonly instalmentId?: Uuid
    }
  }
}

/** The request's session and user; only routes behind `requireSession` call it. */
export function signedInOf(c: Context<AccountEnv>): SignedIn {
  const signedIn = c.get('signedIn')
  if (!signedIn) throw new Error('A signed-in route is mounted without requireSession')
  return signedIn
}

/**
 * 401 `unauthenticated` unless the request's session id names a live session; otherwise marks
 * the session used and hands the handler its user. A 401 clears the browser's signed-in hint. The user always comes from the session, never
 * from the request, so no request can reach another user's data.
 */
export function requireSession(deps: ApiDeps): MiddlewareHandler<AccountEnv> {
  return async (c, next) => {
    const secure = isHttps(c, deps.trustProxy)
    const sessionId = sessionIdOf(c, secure)
    const session = sessionId ? await touchSession(deps.pool, sessionId, nowOf(deps)) : undefined
    const user = session ? await loadUser(deps.db, session.userId) : undefined
    if (!session || !user) {
      // Expired, revoked or never there: the browser's hint stops saying otherwise.
      clearSignedInHint(c, secure)
      return failure(c, 401, 'unauthenticated', c.get('t')(apiMessages.unauthenticated))
    }
    c.set('signedIn', { session, user })
    await next()
  }
}
