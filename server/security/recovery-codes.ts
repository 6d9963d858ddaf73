import { createHash, randomBytes } from 'node:crypto'
import { recoveryCodeCount } from '../../domain/accounts/recovery-code-count'

/**
 * Recovery codes: 16 characters of a 32-letter alphabet without look-alikes (80 random bits),
 * shown in groups of four. That much randomness makes a plain SHA-256 a safe way to store them
 * (nobody can try every code against a stolen table), and lets a code be found by its hash.
 */
// 32 symbols (no i, l, o or 1), so a random byte modulo 32 picks each one equally often.
const symbols = 'abcdefghjkmnpqrstuvwxyz234567890'

export function newRecoveryCodes(count = recoveryCodeCount): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16)
    const chars = [...bytes].map((byte) => symbols[byte % 32]).join('')
    return chars.match(/.{4}/g)?.join('-') ?? chars
  })
}

/** A code as typed (any case, spaces and dashes anywhere) in its stored form, or undefined. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.toLowerCase().replace(/[\s-]/g, '')
  return /^[a-z0-9]{16}$/.test(plain) ? plain : undefined
}

export function hashRecoveryCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex')
}
