import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { signedInHintCookieName, signedInHintValue } from '../../domain/accounts/signed-in-hint'

/**
 * The readable shadow of a signed-in session id (domain/accounts/signed-in-hint.ts): set
 * with the session id's rules and lifetime wherever a signed-in id is handed out, cleared
 * wherever the id is replaced by an anonymous one or found to name no live session.
 */
export function setSignedInHint(c: Context, secure: boolean, maxAgeSeconds?: number): void {
  setCookie(c, signedInHintCookieName(secure), signedInHintValue, {
    path: '/',
    httpOnly: false,
    sameSite: 'Lax',
    secure,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  })
}

/** Clears the hint when the browser holds one (an answer without it sets no cookie). */
export function clearSignedInHint(c: Context, secure: boolean): void {
  const name = signedInHintCookieName(secure)
  if (getCookie(c, name) === undefined) return
  deleteCookie(c, name, { path: '/', sameSite: 'Lax', secure })
}
