import type { Context } from 'hono'
import { type AuthDeps, nowOf } from '../auth/auth-env'
import { isHttps } from '../security/client-ip'
import { issueSessionCookies, newSessionId, sessionIdOf } from '../security/xsrf'
import { absoluteSeconds, createSession, endSessionById, type StoredSession } from './session-store'

/**
 * Signs the browser in as `userId` under a new session id (never the one it came with: a
 * session id planted or seen before the sign-in is worth nothing after it), with an XSRF token
 * signed for the new id. A session the browser still held ends.
 */
export async function startBrowserSession(
  c: Context,
  deps: AuthDeps,
  userId: string,
  remember: boolean,
): Promise<StoredSession> {
  const secure = isHttps(c, deps.trustProxy)
  const previous = sessionIdOf(c, secure)
  if (previous) await endSessionById(deps.pool, previous)
  const sessionId = newSessionId()
  const session = await createSession(deps.pool, {
    userId,
    sessionId,
    remember,
    userAgent: c.req.header('user-agent') ?? '',
    now: nowOf(deps),
  })
  issueSessionCookies(c, deps.xsrfKey, secure, sessionId, remember ? absoluteSeconds : undefined)
  return session
}

/**
 * Ends the browser's session on the server and gives it a fresh anonymous id and token;
 * resolves with the user whose session it was, if it was one.
 */
export async function endBrowserSession(c: Context, deps: AuthDeps): Promise<string | undefined> {
  const secure = isHttps(c, deps.trustProxy)
  const previous = sessionIdOf(c, secure)
  const userId = previous ? await endSessionById(deps.pool, previous) : undefined
  issueSessionCookies(c, deps.xsrfKey, secure, newSessionId())
  return userId
}
