import type { Context } from 'hono'
import type { Pool } from 'pg'
import type { SignInMethod } from '../../domain/api/api-contract'
import type { ProxyTrust } from '../security/client-ip'
import { isHttps } from '../security/client-ip'
import { clearSignedInHint, setSignedInHint } from '../security/signed-in-hint'
import { issueSessionCookies, newSessionId, sessionIdOf } from '../security/xsrf'
import { nowOf } from './clock'
import {
  absoluteSeconds,
  createSession,
  endSessionById,
  hashSessionId,
  type StoredSession,
} from './session-store'

/** What the browser's session needs of the API's dependencies (server/http/api-env.ts). */
export type SessionDeps = {
  readonly pool: Pool
  readonly xsrfKey: Buffer
  readonly trustProxy: ProxyTrust
  /** The sessions' clock (default: the system's); tests move it. */
  readonly now?: () => Date
}

/**
 * Signs the browser in as `userId` under a new session id (never the one it came with: a
 * session id planted or seen before the sign-in is worth nothing after it), with an XSRF token
 * signed for the new id and the readable signed-in hint. A session the browser still held ends.
 */
export async function startBrowserSession(
  c: Context,
  deps: SessionDeps,
  userId: string,
  remember: boolean,
  signInMethod: SignInMethod = 'password',
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
    now: deps.now ? deps.now() : new Date(),
    signInMethod,
  })
  handOver(c, deps, secure, sessionId, remember ? absoluteSeconds : undefined)
  return session
}

/**
 * A new id for the browser's signed-in `session` (the same row, expiry and device), after a
 * change of credentials: whoever copied the old id holds nothing. `tokenHash` is what the
 * caller stores on the row, in the same statement as the change; `handOver()` then gives the
 * browser the new id, an XSRF token signed for it and the hint, with the cookie's lifetime
 * what the session has left.
 */
export type SessionRotation = { readonly tokenHash: string; handOver(): void }

export function rotateBrowserSession(
  c: Context,
  deps: SessionDeps,
  session: StoredSession,
): SessionRotation {
  const sessionId = newSessionId()
  return {
    tokenHash: hashSessionId(sessionId),
    handOver() {
      const left = Math.floor((session.expiresAt.getTime() - nowOf(deps).getTime()) / 1000)
      const maxAge = session.remember ? Math.max(1, left) : undefined
      handOver(c, deps, isHttps(c, deps.trustProxy), sessionId, maxAge)
    },
  }
}

function handOver(
  c: Context,
  deps: SessionDeps,
  secure: boolean,
  sessionId: string,
  maxAgeSeconds: number | undefined,
): void {
  issueSessionCookies(c, deps.xsrfKey, secure, sessionId, maxAgeSeconds)
  setSignedInHint(c, secure, maxAgeSeconds)
}

/**
 * Ends the browser's session on the server and gives it a fresh anonymous id and token (and
 * no hint); resolves with the user whose session it was, if it was one.
 */
export async function endBrowserSession(
  c: Context,
  deps: SessionDeps,
): Promise<string | undefined> {
  const secure = isHttps(c, deps.trustProxy)
  const previous = sessionIdOf(c, secure)
  const userId = previous ? await endSessionById(deps.pool, previous) : undefined
  issueSessionCookies(c, deps.xsrfKey, secure, newSessionId())
  clearSignedInHint(c, secure)
  return userId
}
