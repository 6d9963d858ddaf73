import { afterEach, describe, expect, it } from 'vitest'
import { wasSignedIn } from './session-hint'

const clearHint = () => {
  document.cookie = 'signed-in=; Max-Age=0; Path=/'
}

describe('the signed-in hint', () => {
  afterEach(() => {
    clearHint()
    localStorage.clear()
  })

  it('is the server’s readable cookie, plain or __Host- prefixed', () => {
    expect(wasSignedIn('')).toBe(false)
    expect(wasSignedIn('XSRF-TOKEN=a.b; signed-in=1')).toBe(true)
    expect(wasSignedIn('__Host-signed-in=1; app-language=es')).toBe(true)
    expect(wasSignedIn('signed-in=; other=1')).toBe(false)
    expect(wasSignedIn('not-signed-in=1')).toBe(false)
  })

  it('reads the document’s cookies, not script-written storage', () => {
    // What an older version of the app left behind: no longer a reason to ask.
    localStorage.setItem('account-signed-in', '1')
    expect(wasSignedIn()).toBe(false)
    document.cookie = 'signed-in=1; Path=/'
    expect(wasSignedIn()).toBe(true)
    clearHint()
    expect(wasSignedIn()).toBe(false)
  })
})
