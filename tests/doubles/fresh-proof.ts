import { screen, waitFor } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { expect } from 'vitest'
import type { FactorsBody } from '../../domain/api/api-contract'
import { proofCancelled } from '../../machines/step-up-machine'
import { refused } from './api-answers'
import type { installFakeNetwork } from './fake-network'

type Network = ReturnType<typeof installFakeNetwork>
type User = ReturnType<typeof userEvent.setup>

/** The server's 403 for an action that needs fresh proof. */
export const reauthenticationRequired = refused(
  403,
  'reauthentication_required',
  'Confirm it is you to do this.',
)

/**
 * The server's 403 for managing the factors of an account that has one, when this session has
 * not proved one lately: the dialog offers the factors only.
 */
export const factorProofRequired = refused(
  403,
  'factor_proof_required',
  'To change how you sign in, confirm it is you with a passkey, a code from your authenticator app or a recovery code: your password alone is not enough.',
)

/** What a call rejects with once the visitor declined the step-up dialog. */
export const declinedProof = proofCancelled()

export const noFactors: FactorsBody = {
  success: true,
  passkeys: [],
  totp: false,
  recoveryCodesLeft: 0,
}

/** Answers the profile's own read of the factors (its security section) with `factors`. */
export async function answerFactors(network: Network, factors: FactorsBody = noFactors) {
  ;(await network.next('/api/v1/me/factors')).respond(200, factors)
}

/**
 * Answers reads of the factors (a list's refresh may be waiting before the dialog's own) until
 * the step-up dialog shows.
 */
export async function answerFactorsUntilDialog(network: Network, factors: FactorsBody = noFactors) {
  for (;;) {
    const request = await network.next('/api/v1/me/factors', 2000)
    request.respond(200, factors)
    const shown = await screen
      .findByRole('dialog', { name: 'Confirm it’s you' }, { timeout: 300 })
      .catch(() => undefined)
    if (shown) return
  }
}

/**
 * The call to `path` asks for fresh proof; the step-up dialog opens (after reading the factors)
 * and the visitor closes it with Escape.
 */
export async function declineFreshProof(
  network: Network,
  user: User,
  path: string,
  factors: FactorsBody = noFactors,
) {
  ;(await network.next(path)).failWith(reauthenticationRequired)
  await answerFactorsUntilDialog(network, factors)
  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}
