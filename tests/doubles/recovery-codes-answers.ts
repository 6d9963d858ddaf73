import type { FactorsBody, RecoveryCodesBody } from '../../domain/api/api-contract'
import type { recoveryCodesMachine } from '../../machines/recovery-codes-machine'
import type { PathEvents } from '../paths/path-plan'
import { readAs, refused, unreachable } from './api-answers'
import { declinedProof } from './fresh-proof'

/** What the security section's recovery codes answer on their generated paths. */

/** An account with a passkey and seven recovery codes left. */
export const passkeyFactors: FactorsBody = {
  success: true,
  passkeys: [{ id: 'p1', name: 'Laptop', createdAt: '2026-01-02T03:04:05.000Z', lastUsedAt: null }],
  totp: false,
  recoveryCodesLeft: 7,
}
export const passkeyFactorsRead = readAs('factors', passkeyFactors)

/** A new set, the old ones gone. */
export const newRecoveryCodes: RecoveryCodesBody = {
  success: true,
  message: 'New codes.',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `WXYZ-EFGH-JKLM-${2000 + i}`),
}

export const recoveryCodesPathEvents: PathEvents<typeof recoveryCodesMachine> = (snapshot) =>
  snapshot.matches('regenerating')
    ? [
        { type: 'xstate.done.actor.regenerateCodes', output: newRecoveryCodes },
        { type: 'xstate.error.actor.regenerateCodes', error: declinedProof },
        {
          type: 'xstate.error.actor.regenerateCodes',
          error: refused(429, 'rate_limited', 'Too many attempts. Try again later.'),
        },
        // A failure with the server's text (shown instead of the page's own), and one with none.
        {
          type: 'xstate.error.actor.regenerateCodes',
          error: refused(
            500,
            'server_error',
            'Something went wrong on our side. Please try again in a moment.',
          ),
        },
        { type: 'xstate.error.actor.regenerateCodes', error: unreachable() },
      ]
    : []
