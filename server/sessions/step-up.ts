import type { StoredSession } from './session-store'

/**
 * Fresh proof (step-up): sensitive actions need the session's holder to have proved who they
 * are — signed in, or answered a password, code or passkey — within this window
 * (docs/decisions/038-second-factors-and-step-up.md).
 */
export const proofWindowSeconds = 10 * 60

export function hasFreshProof(session: StoredSession, now: Date): boolean {
  return isFresh(session.lastProofAt, now)
}

/**
 * The same window for a proof by a second factor (a code or passkey, at the sign-in or since):
 * what managing the factors of an account that has one needs.
 */
export function hasFreshFactorProof(session: StoredSession, now: Date): boolean {
  return isFresh(session.lastFactorProofAt, now)
}

function isFresh(proofAt: Date | null, now: Date): boolean {
  if (!proofAt) return false
  return now.getTime() - proofAt.getTime() <= proofWindowSeconds * 1000
}
