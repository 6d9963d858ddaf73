/**
 * The cookie that tells the browser's code a session is open (docs/decisions/022, amended): the
 * session id is HttpOnly, so the page cannot see it, and this cookie is its readable shadow. It
 * holds no secret (`1`); the server sets and clears it together with the session id, with the
 * same lifetime, and like the id it is `__Host-` prefixed over HTTPS.
 */
export const signedInHintValue = '1'

export function signedInHintCookieName(secure: boolean): string {
  return secure ? '__Host-signed-in' : 'signed-in'
}
