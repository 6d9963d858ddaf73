import { type Algorithm, hash, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1): ~10 ms per hash here.
 * Passwords are NFKC-normalised first (NIST SP 800-63B), so the same passphrase typed on
 * another keyboard or system still matches.
 */
// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const argon2id = 2 as Algorithm
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), options)
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password.normalize('NFKC'))
}
