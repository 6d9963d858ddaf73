import { waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../../domain/api/api-contract'
import { recoveryCodesMachine } from '../../../../../machines/recovery-codes-machine'
import { installFakeNetwork } from '../../../../../tests/doubles/fake-network'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../../tests/doubles/fresh-proof'
import {
  newRecoveryCodes as fresh,
  passkeyFactorsRead,
  recoveryCodesPathEvents,
} from '../../../../../tests/doubles/recovery-codes-answers'
import { testMachinePaths } from '../../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../../tests/paths/render-signed-in'
import { button, section, statusText } from '../../../../../tests/paths/security-section'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const factors = passkeyFactorsRead.body
/** The codes left as the server counts them on this path (a new set: all ten). */
let left = factors.recoveryCodesLeft

testMachinePaths(recoveryCodesMachine, {
  render: async () => {
    network = installFakeNetwork()
    left = factors.recoveryCodesLeft
    const view = await renderSignedIn('/profile')
    await answerFactors(network, factors)
    await waitFor(() => within(section()).getByText('7 recovery codes left.'))
    return view
  },
  events: recoveryCodesPathEvents,
  // A retry after a failure that showed the server's text must forget it.
  fromEveryContext: true,
  exec: {
    regenerate: ({ user }) => user.click(button('Make new recovery codes')),
    confirm: ({ user }) => user.click(button('Make new codes')),
    cancel: ({ user }) => user.click(button('Keep the current codes')),
    done: ({ user }) => user.click(button('Done')),
    retry: ({ user }) => user.click(button('Try again')),
    'xstate.done.actor.regenerateCodes': async (_, event) => {
      const request = await network.next('/api/v1/me/factors/recovery-codes')
      expect(request.method).toBe('POST')
      request.respond(200, event.output)
      // The count of codes left is read again: a new set, all of it left.
      left = fresh.recoveryCodes.length
      await answerFactors(network, { ...factors, recoveryCodesLeft: left })
    },
    'xstate.error.actor.regenerateCodes': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/factors/recovery-codes', {
          ...factors,
          recoveryCodesLeft: left,
        })
      ;(await network.next('/api/v1/me/factors/recovery-codes')).failWith(
        event.error as CallFailure,
      )
    },
  },
  states: {
    idle: async () => {
      await waitFor(() =>
        expect(button('Make new recovery codes').getAttribute('aria-disabled')).toBe('false'),
      )
      await waitFor(() => within(section()).getByText(`${left} recovery codes left.`))
    },
    confirming: async () => {
      await statusText('New codes replace every code you have now. Make a new set?')
      expect(document.activeElement?.textContent).toBe(
        'New codes replace every code you have now. Make a new set?',
      )
    },
    regenerating: async () => {
      await waitFor(() =>
        expect(button('Making new recovery codes…').getAttribute('aria-disabled')).toBe('true'),
      )
    },
    shown: async () => {
      await statusText('Your new recovery codes are ready; the old ones no longer work.')
      const list = within(section()).getByRole('list', { name: 'Your recovery codes' })
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(fresh.recoveryCodes)
    },
    rateLimited: async ({ snapshot }) => {
      await statusText(snapshot.context.message ?? '')
    },
    error: async ({ snapshot }) => {
      await statusText(
        snapshot.context.message ?? 'New recovery codes could not be made. Please try again.',
      )
    },
  },
})
