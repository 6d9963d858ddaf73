import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createToken, verifyToken } from './xsrf'

const key = randomBytes(32)
const session = randomBytes(32).toString('base64url')

describe('XSRF tokens', () => {
  it('verify for the session they were signed for, with the key that signed them', () => {
    const token = createToken(key, session)
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
    expect(verifyToken(key, session, token)).toBe(true)
    expect(verifyToken(key, randomBytes(32).toString('base64url'), token)).toBe(false)
    expect(verifyToken(randomBytes(32), session, token)).toBe(false)
  })

  it('refuse tampered, truncated and malformed tokens without throwing', () => {
    const token = createToken(key, session)
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const bad of [flipped, token.slice(0, -2), '', '.', 'a.b', `${token}.x`, 'é'.repeat(66)]) {
      expect(verifyToken(key, session, bad)).toBe(false)
    }
    expect(verifyToken(key, 'short', token)).toBe(false)
  })

  it('are different every time (a fresh nonce)', () => {
    expect(createToken(key, session)).not.toBe(createToken(key, session))
  })
})
