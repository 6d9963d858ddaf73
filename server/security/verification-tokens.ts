/**
 * Verification links carry a token like the recovery links' (256 random bits, base64url, only
 * its SHA-256 stored), but live 24 hours: people often open the mail later the same day.
 */
export {
  hashRecoveryToken as hashVerificationToken,
  newRecoveryToken as newVerificationToken,
} from './recovery-tokens'

export const verificationTokenLifetimeHours = 24
