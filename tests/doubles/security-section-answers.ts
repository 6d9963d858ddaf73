import type { FactorsBody, PasskeyBody } from '../../domain/api/api-contract'
import type { factorActionsMachine } from '../../machines/factor-actions-machine'
import type { PathEvents } from '../paths/path-plan'
import { accepted, readAs, refused, unreachable } from './api-answers'
import { declinedProof } from './fresh-proof'

/** What the security section's own actions (rename, remove, turn off) answer on their paths. */

export const laptop = { id: 'p1', name: 'Laptop' }
const added = '2026-01-02T03:04:05.000Z'

/** An account with a passkey "Laptop", the authenticator app and ten recovery codes. */
export const laptopFactors: FactorsBody = {
  success: true,
  passkeys: [{ ...laptop, createdAt: added, lastUsedAt: null }],
  totp: true,
  recoveryCodesLeft: 10,
}
export const laptopFactorsRead = readAs('factors', laptopFactors)

/** The rename's success: the passkey under its new name. */
const renamed: PasskeyBody = {
  ...accepted('Renamed.'),
  passkey: { id: laptop.id, name: 'Work laptop', createdAt: added, lastUsedAt: null },
}

export const securitySectionPathEvents: PathEvents<typeof factorActionsMachine> = (snapshot) => {
  if (snapshot.matches('renaming'))
    return [
      { type: 'xstate.done.actor.renamePasskey', output: renamed },
      { type: 'xstate.error.actor.renamePasskey', error: unreachable() },
    ]
  if (snapshot.matches('removing'))
    return [
      { type: 'xstate.done.actor.removePasskey', output: accepted('Removed.') },
      { type: 'xstate.error.actor.removePasskey', error: declinedProof },
      {
        type: 'xstate.error.actor.removePasskey',
        error: refused(404, 'not_found', 'That passkey is not yours.'),
      },
    ]
  if (snapshot.matches('disabling'))
    return [
      { type: 'xstate.done.actor.disableTotp', output: accepted('Off.') },
      { type: 'xstate.error.actor.disableTotp', error: declinedProof },
      { type: 'xstate.error.actor.disableTotp', error: unreachable() },
    ]
  return [
    { type: 'rename', ...laptop, newName: 'Work laptop' },
    ...(snapshot.context.refusedRenames === 0
      ? [{ type: 'rename', ...laptop, newName: ' ' } as const]
      : []),
    { type: 'remove', ...laptop },
    { type: 'disableTotp' },
  ]
}
