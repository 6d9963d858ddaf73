import type { StoredSession } from './session-store'

/**
 * Fresh proof (step-up): sensitive actions need the session's holder to have proved who they
 * are — signed in, or answered a password, code or passkey — within this window
 * (docs/decisions/038-second-factors-and-step-up.md).
 */
export const proofWindowSeconds = 10 * 60

export function hasFreshProof(session: StoredSession, now: Date): boolean {
  if (!session.lastProofAt) return false
  const age = now.getTime() - session.lastProofAt.getTime()
  return age <= proofWindowSeconds * 1000
}
