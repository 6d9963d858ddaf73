import { signedInHintCookieName, signedInHintValue } from '../../domain/accounts/signed-in-hint'

/**
 * Whether this browser holds a signed-in session. The session cookie is HttpOnly (the page
 * cannot see it), and asking `/api/v1/me` on every public page would make every visitor
 * download the session code and wait for an answer that is almost always 401. So a public page
 * asks only when the server's readable hint cookie says a session is open; the signed-in pages
 * always ask. The server sets and clears the hint together with the session cookie, so it lives
 * exactly as long as the session (a browser that clears script-written storage after a week
 * keeps both cookies alike).
 */
export function wasSignedIn(cookies: string = readCookies()): boolean {
  const names = [signedInHintCookieName(true), signedInHintCookieName(false)]
  return cookies
    .split(';')
    .map((pair) => pair.trim().split('='))
    .some(([name, value]) => names.includes(name ?? '') && value === signedInHintValue)
}

function readCookies(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie
  } catch {
    // A sandboxed document may refuse cookies: public pages will simply not ask.
    return ''
  }
}
