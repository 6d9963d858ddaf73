import { waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../../domain/api/api-contract'
import { passkeyRegistrationMachine } from '../../../../../machines/passkey-registration-machine'
import {
  addPasskeyPathEvents,
  creationOptionsRead,
  dialogClosed,
} from '../../../../../tests/doubles/add-passkey-answers'
import { installFakeNetwork } from '../../../../../tests/doubles/fake-network'
import {
  fakeRegistrationJSON,
  installFakeWebAuthn,
} from '../../../../../tests/doubles/fake-webauthn'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../../tests/doubles/fresh-proof'
import { testMachinePaths } from '../../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../../tests/paths/render-signed-in'
import { button, section } from '../../../../../tests/paths/security-section'

let network = installFakeNetwork()
let webAuthn = installFakeWebAuthn()
afterEach(() => {
  network.restore()
  webAuthn.restore()
  localStorage.clear()
})

const nameField = () => within(section()).getByLabelText('Name this passkey') as HTMLInputElement
const status = () => within(section()).getAllByRole('status')

async function options() {
  ;(await network.next('/api/v1/me/factors/passkeys/options')).respond(
    creationOptionsRead.status,
    creationOptionsRead.body,
  )
}

testMachinePaths(passkeyRegistrationMachine, {
  render: async () => {
    network = installFakeNetwork()
    webAuthn = installFakeWebAuthn()
    const view = await renderSignedIn('/profile')
    await answerFactors(network)
    await waitFor(() => button('Add a passkey'))
    return view
  },
  events: addPasskeyPathEvents,
  // While new recovery codes are on screen, "Done" is the way on.
  possible: (snapshot, event) =>
    !(
      event.type === 'add' &&
      snapshot.matches('saved') &&
      snapshot.context.recoveryCodes.length > 0
    ),
  exec: {
    add: ({ user }) => user.click(button('Add a passkey')),
    dismiss: ({ user }) =>
      user.click(within(section()).getByRole('button', { name: /^(Done|Close)$/ })),
    cancel: ({ user }) => user.click(button('Cancel')),
    submit: async ({ user }, event) => {
      await user.clear(nameField())
      await user.type(nameField(), event.name)
      await user.click(button('Save the passkey'))
    },
    'xstate.done.actor.registrationOptions': () => options(),
    'xstate.error.actor.registrationOptions': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/factors/passkeys/options')
      ;(await network.next('/api/v1/me/factors/passkeys/options')).failWith(event.error)
    },
    'xstate.done.actor.createCredential': async () => {
      const ceremony = await webAuthn.next('create')
      expect(ceremony.options).toHaveProperty('publicKey')
      ceremony.answer()
    },
    'xstate.error.actor.createCredential': async (_, event) => {
      const ceremony = await webAuthn.next('create')
      if (event.error === dialogClosed) ceremony.close()
      else ceremony.fail()
    },
    'xstate.done.actor.savePasskey': async (_, event) => {
      const request = await network.next('/api/v1/me/factors/passkeys')
      expect(request.body).toEqual({ name: 'Laptop', response: fakeRegistrationJSON })
      request.respond(201, event.output)
    },
    'xstate.error.actor.savePasskey': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/factors/passkeys')
      ;(await network.next('/api/v1/me/factors/passkeys')).failWith(event.error as CallFailure)
    },
  },
  states: {
    idle: async () => {
      await waitFor(() =>
        expect(button('Add a passkey').getAttribute('aria-disabled')).toBe('false'),
      )
    },
    preparing: async () => {
      await waitFor(() => button('Waiting for your browser’s passkey dialog…'))
    },
    dialog: async () => {
      await waitFor(() => button('Waiting for your browser’s passkey dialog…'))
    },
    naming: async ({ snapshot }) => {
      await waitFor(() => expect(document.activeElement).toBe(nameField()))
      expect(nameField().getAttribute('aria-invalid')).toBe(
        snapshot.context.refusedSubmissions > 0 ? 'true' : 'false',
      )
    },
    saving: async () => {
      await waitFor(() =>
        expect(button('Saving the passkey…').getAttribute('aria-disabled')).toBe('true'),
      )
    },
    saved: async ({ snapshot }) => {
      await waitFor(() =>
        expect(status().some((s) => s.textContent === 'The passkey “Laptop” has been added.')).toBe(
          true,
        ),
      )
      const list = within(section()).queryByRole('list', { name: 'Your recovery codes' })
      expect(list ? within(list).getAllByRole('listitem').length : 0).toBe(
        snapshot.context.recoveryCodes.length,
      )
    },
    cancelled: async () => {
      await waitFor(() =>
        expect(status().some((s) => s.textContent === 'No passkey was added.')).toBe(true),
      )
    },
    failed: async ({ snapshot }) => {
      const text = snapshot.context.message ?? 'The passkey could not be added. Please try again.'
      await waitFor(() => expect(status().some((s) => s.textContent === text)).toBe(true))
    },
    rateLimited: async ({ snapshot }) => {
      await waitFor(() =>
        expect(status().some((s) => s.textContent === snapshot.context.message)).toBe(true),
      )
    },
  },
})
