/**
 * Whether this browser was signed in when it last knew. The session cookie is HttpOnly (the
 * page cannot see it), and asking `/api/v1/me` on every public page would make every visitor
 * download the session code and wait for an answer that is almost always 401. So a public page
 * asks only when this hint says someone signed in here and has not signed out; the signed-in
 * pages always ask.
 */
const hintKey = 'account-signed-in'

export function wasSignedIn(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(hintKey) === '1'
  } catch {
    return false
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(hintKey, '1')
    else localStorage.removeItem(hintKey)
  } catch {
    // Storage refused (private mode, quota): public pages will simply not ask.
  }
}
