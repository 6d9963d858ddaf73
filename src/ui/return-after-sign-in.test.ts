import { afterEach, describe, expect, it } from 'vitest'
import { keepReturnAfterSignIn, takeReturnAfterSignIn } from './return-after-sign-in'

afterEach(() => localStorage.clear())

describe('the page a new client returns to after signing in', () => {
  it('is given back once', () => {
    keepReturnAfterSignIn('/services/web-development?brief=open')
    expect(takeReturnAfterSignIn()).toBe('/services/web-development?brief=open')
    expect(takeReturnAfterSignIn()).toBeUndefined()
  })

  it('is forgotten once the verification link would have expired', () => {
    const now = Date.parse('2026-11-23T10:00:00Z')
    keepReturnAfterSignIn('/my-services', now)
    expect(takeReturnAfterSignIn(now + 24 * 60 * 60 * 1000 + 1)).toBeUndefined()
  })

  it('never keeps or gives back a path of another site', () => {
    keepReturnAfterSignIn('//evil.example/phish')
    expect(takeReturnAfterSignIn()).toBeUndefined()
    localStorage.setItem(
      'agency.returnAfterSignIn',
      JSON.stringify({ path: 'https://evil.example', until: Date.now() + 1000 }),
    )
    expect(takeReturnAfterSignIn()).toBeUndefined()
  })
})
