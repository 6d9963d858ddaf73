import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { clearSignedInHint } from './signed-in-hint'

/**
 * XSRF protection: the signed double-submit cookie pattern (OWASP), see
 * docs/decisions/004-xsrf-double-submit.md.
 *
 * - an HttpOnly session-id cookie (`__Host-sid` over HTTPS, `sid` on plain-HTTP development);
 * - an `XSRF-TOKEN` cookie that scripts can read: `<nonce>.<HMAC-SHA256(key, sid "." nonce)>`;
 * - a state-changing request must echo the token in `X-XSRF-TOKEN`. The header must equal the
 *   cookie and its signature must match the request's session id (constant-time compares), so
 *   a token planted by a sibling subdomain or copied from another session is refused.
 */

export const xsrfCookieName = 'XSRF-TOKEN'
export const xsrfHeaderName = 'X-XSRF-TOKEN'

const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/
const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid'
}

function sign(key: Buffer, sessionId: string, nonce: string): string {
  return createHmac('sha256', key).update(`${sessionId}.${nonce}`).digest('base64url')
}

export function createToken(key: Buffer, sessionId: string): string {
  const nonce = randomBytes(16).toString('base64url')
  return `${nonce}.${sign(key, sessionId, nonce)}`
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** True when `token` was issued by us for `sessionId`. */
export function verifyToken(key: Buffer, sessionId: string, token: string): boolean {
  const match = tokenPattern.exec(token)
  if (!match || !sessionIdPattern.test(sessionId)) return false
  const [, nonce = '', mac = ''] = match
  return safeEqual(mac, sign(key, sessionId, nonce))
}

export type XsrfCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'missing' | 'mismatch' | 'invalid' }

/** The check for a state-changing request. */
export function checkXsrf(c: Context, key: Buffer, secure: boolean): XsrfCheck {
  const sessionId = getCookie(c, sessionCookieName(secure))
  const cookieToken = getCookie(c, xsrfCookieName)
  const headerToken = c.req.header(xsrfHeaderName)
  if (!sessionId || !cookieToken || !headerToken) return { ok: false, reason: 'missing' }
  if (!safeEqual(headerToken, cookieToken)) return { ok: false, reason: 'mismatch' }
  if (!verifyToken(key, sessionId, headerToken)) return { ok: false, reason: 'invalid' }
  return { ok: true }
}

/** A new 256-bit session id (base64url, 43 characters). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url')
}

/** The request's session id, when it carries a well-formed one. */
export function sessionIdOf(c: Context, secure: boolean): string | undefined {
  const sessionId = getCookie(c, sessionCookieName(secure))
  return sessionId && sessionIdPattern.test(sessionId) ? sessionId : undefined
}

/**
 * Hands the browser `sessionId` as its session id, with an XSRF token signed for it: at sign-in
 * (a new id, so an id known before the sign-in is worth nothing after it) and at sign-out (a
 * fresh anonymous id). `maxAgeSeconds` keeps the id across browser restarts ("remember me");
 * without it both are browser-session cookies.
 */
export function issueSessionCookies(
  c: Context,
  key: Buffer,
  secure: boolean,
  sessionId: string,
  maxAgeSeconds?: number,
): void {
  setCookie(c, sessionCookieName(secure), sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  })
  setCookie(c, xsrfCookieName, createToken(key, sessionId), {
    path: '/',
    httpOnly: false,
    sameSite: 'Lax',
    secure,
  })
}

/**
 * Makes sure the browser holds a session id and a token signed for it: keeps valid ones,
 * replaces anything else. Session cookies (no Max-Age): they end with the browser session.
 */
export function ensureXsrfCookies(c: Context, key: Buffer, secure: boolean): void {
  const name = sessionCookieName(secure)
  let sessionId = getCookie(c, name)
  const existing = getCookie(c, xsrfCookieName)
  if (
    sessionId &&
    sessionIdPattern.test(sessionId) &&
    existing &&
    verifyToken(key, sessionId, existing)
  )
    return
  if (!sessionId || !sessionIdPattern.test(sessionId)) {
    sessionId = newSessionId()
    setCookie(c, name, sessionId, { path: '/', httpOnly: true, sameSite: 'Lax', secure })
    // A new anonymous id: whatever the browser's signed-in hint says, nobody is signed in.
    clearSignedInHint(c, secure)
  }
  setCookie(c, xsrfCookieName, createToken(key, sessionId), {
    path: '/',
    httpOnly: false,
    sameSite: 'Lax',
    secure,
  })
}
