import { createHash, randomBytes } from 'node:crypto'

/** A recovery token lives one hour and works once. */
export const recoveryTokenLifetimeMinutes = 60

/** 256 random bits, base64url (43 characters): the part of the link that proves the mail was read. */
export function newRecoveryToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored with the account: a database leak does not leak working links. */
export function hashRecoveryToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
