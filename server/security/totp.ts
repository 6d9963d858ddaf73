import { Secret, TOTP } from 'otpauth'
import { agency } from '../../domain/agency'

/**
 * Authenticator-app codes (TOTP, RFC 6238): SHA-1, 6 digits, 30-second steps — what every app
 * reads from a QR code. A code of the previous or next step is accepted too (a phone's clock a
 * little off, a code typed as it changed); the caller refuses a step at or before the last one
 * accepted, so a code works once.
 */
export const totpPeriodSeconds = 30
/** The name the authenticator app lists the account under. */
const issuer = agency.name

/** A new 160-bit secret, in base32 (what the app is given). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  })
}

/** `otpauth://totp/…`: what the QR code encodes (the account's address as the label). */
export function totpUri(secret: string, label: string): string {
  return totpOf(secret, label).toString()
}

/**
 * The time step a 6-digit `code` belongs to at `now` (±1 step), or undefined when it is none
 * of them.
 */
export function matchingTotpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const totp = totpOf(secret, '')
  const timestamp = now.getTime()
  const delta = totp.validate({ token: code, timestamp, window: 1 })
  if (delta === null) return undefined
  return totp.counter({ timestamp }) + delta
}
