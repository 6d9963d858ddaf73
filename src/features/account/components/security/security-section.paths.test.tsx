import { waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../../domain/api/api-contract'
import { factorActionsMachine } from '../../../../../machines/factor-actions-machine'
import { installFakeNetwork } from '../../../../../tests/doubles/fake-network'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../../tests/doubles/fresh-proof'
import {
  laptopFactorsRead,
  securitySectionPathEvents,
} from '../../../../../tests/doubles/security-section-answers'
import { testMachinePaths } from '../../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../../tests/paths/render-signed-in'
import { button, section, statusText } from '../../../../../tests/paths/security-section'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const factors = laptopFactorsRead.body
const passkeyPath = '/api/v1/me/factors/passkeys/p1'

testMachinePaths(factorActionsMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await answerFactors(network, factors)
    await waitFor(() => button('Rename the passkey “Laptop”'))
    return view
  },
  events: securitySectionPathEvents,
  exec: {
    rename: async ({ user }, event) => {
      const open = within(section()).queryByLabelText('New name for “Laptop”')
      if (!open) await user.click(button('Rename the passkey “Laptop”'))
      const field = within(section()).getByLabelText('New name for “Laptop”') as HTMLInputElement
      await user.clear(field)
      await user.type(field, event.newName)
      await user.click(button('Save the name'))
    },
    // An open rename form is closed first (its Cancel is the page's own, no event).
    remove: async ({ user }) => {
      if (within(section()).queryByLabelText('New name for “Laptop”'))
        await user.click(within(section()).getByRole('button', { name: 'Cancel' }))
      await user.click(button('Remove the passkey “Laptop”'))
    },
    disableTotp: ({ user }) => user.click(button('Turn off the authenticator app')),
    'xstate.done.actor.renamePasskey': async (_, event) => {
      const request = await network.next(passkeyPath)
      expect(request.method).toBe('PATCH')
      expect(request.body).toEqual({ name: 'Work laptop' })
      request.respond(200, event.output)
    },
    'xstate.error.actor.renamePasskey': async (_, event) => {
      ;(await network.next(passkeyPath)).failWith(event.error as CallFailure)
    },
    'xstate.done.actor.removePasskey': async (_, event) => {
      const request = await network.next(passkeyPath)
      expect(request.method).toBe('DELETE')
      request.respond(200, event.output)
    },
    'xstate.error.actor.removePasskey': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, passkeyPath, factors)
      ;(await network.next(passkeyPath)).failWith(event.error as CallFailure)
    },
    'xstate.done.actor.disableTotp': async (_, event) => {
      const request = await network.next('/api/v1/me/factors/totp')
      expect(request.method).toBe('DELETE')
      request.respond(200, event.output)
    },
    'xstate.error.actor.disableTotp': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/factors/totp', factors)
      ;(await network.next('/api/v1/me/factors/totp')).failWith(event.error as CallFailure)
    },
  },
  states: {
    idle: async ({ snapshot }) => {
      await waitFor(() => button('Turn off the authenticator app'))
      const field = within(section()).queryByLabelText('New name for “Laptop”')
      if (field && snapshot.context.refusedRenames > 0)
        await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    },
    renaming: async () => {
      await waitFor(() =>
        expect(button('Save the name').getAttribute('aria-disabled')).toBe('true'),
      )
    },
    removing: async () => {
      await waitFor(() =>
        expect(button('Remove the passkey “Laptop”').getAttribute('aria-disabled')).toBe('true'),
      )
    },
    disabling: async () => {
      await waitFor(() => button('Turning off the authenticator app…'))
    },
    renamed: () => statusText('The passkey has been renamed.'),
    removed: () => statusText('The passkey “Laptop” has been removed.'),
    disabled: () => statusText('The authenticator app is off.'),
    error: ({ snapshot }) =>
      statusText(snapshot.context.message ?? 'That change failed. Please try again.'),
  },
})
