import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { stepUpMachine } from '../../../machines/step-up-machine'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { fakeAssertionJSON, installFakeWebAuthn } from '../../../tests/doubles/fake-webauthn'
import {
  answerFactors,
  factorProofRequired,
  noFactors,
  reauthenticationRequired,
} from '../../../tests/doubles/fresh-proof'
import { passkeyClosed } from '../../../tests/doubles/sign-in-answers'
import {
  allFactors,
  stepUpPassword as password,
  proofOptionsRead,
  stepUpPathEvents,
} from '../../../tests/doubles/step-up-answers'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
let webAuthn = installFakeWebAuthn()
afterEach(() => {
  network.restore()
  webAuthn.restore()
  localStorage.clear()
})

const dialog = () => screen.getByRole('dialog', { name: 'Confirm it’s you' })
const secretField = (method: 'password' | 'code') =>
  within(dialog()).getByLabelText(
    method === 'code' ? 'Code from your authenticator app, or a recovery code' : 'Password',
  ) as HTMLInputElement

async function answer(path: string, error: CallFailure) {
  ;(await network.next(path)).failWith(error)
}

const exportPath = '/api/v1/me/export'
const passkeyOptionsPath = '/api/v1/me/factors/passkeys/options'
/** The call that asked for proof: the download, or adding a passkey (a factor's proof). */
let waitingCall = exportPath

/** After a proof the call is made again: it fails here, which the page says quietly. */
async function repeatedCall() {
  ;(await network.next(waitingCall)).fail()
}

testMachinePaths(stepUpMachine, {
  // The profile, where "Download my data" needs fresh proof.
  render: async () => {
    network = installFakeNetwork()
    webAuthn = installFakeWebAuthn()
    const view = await renderSignedIn('/profile')
    await answerFactors(network)
    await screen.findByRole('button', { name: 'Download my data' })
    return view
  },
  events: stepUpPathEvents,
  // The dialog offers only what the account has (and, for a factor's proof, no password).
  possible: (snapshot, event) =>
    (event.type !== 'usePasskey' || snapshot.context.methods.includes('passkey')) &&
    (event.type !== 'choose' || snapshot.context.methods.includes(event.method)),
  exec: {
    ask: async ({ user }, event) => {
      if (event.methods.includes('password')) {
        waitingCall = exportPath
        await user.click(screen.getByRole('button', { name: 'Download my data' }))
        await answer(exportPath, reauthenticationRequired)
      } else {
        waitingCall = passkeyOptionsPath
        await user.click(screen.getByRole('button', { name: 'Add a passkey' }))
        await answer(passkeyOptionsPath, factorProofRequired)
      }
      const request = await network.next('/api/v1/me/factors')
      request.respond(200, event.methods.includes('passkey') ? allFactors : noFactors)
    },
    submit: async ({ user }, event) => {
      const input = dialog().querySelector('input')
      if (!input) throw new Error('no field in the dialog')
      await user.clear(input)
      if (event.secret) await user.type(input, event.secret)
      await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }))
    },
    choose: ({ user }, event) =>
      user.click(
        within(dialog()).getByRole('button', {
          name: event.method === 'code' ? 'Use a code instead' : 'Use your password instead',
        }),
      ),
    usePasskey: ({ user }) =>
      user.click(within(dialog()).getByRole('button', { name: 'Use a passkey' })),
    // Escape closes the dialog wherever focus is; after a failure, its Cancel button.
    cancel: async ({ user }) => {
      const cancel = within(dialog()).queryByRole('button', { name: 'Try again' })
      if (cancel) await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
      else await user.keyboard('{Escape}')
    },
    retry: ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.reauthenticate': async (_, event) => {
      const request = await network.next('/api/v1/me/reauthenticate')
      expect(request.body).toSatisfy(
        (body: unknown) =>
          JSON.stringify(body) === JSON.stringify({ password }) ||
          JSON.stringify(body) === JSON.stringify({ code: '123456' }),
      )
      request.respond(200, event.output)
      await repeatedCall()
    },
    'xstate.error.actor.reauthenticate': (_, event) =>
      answer('/api/v1/me/reauthenticate', event.error as CallFailure),
    'xstate.done.actor.passkeyProof': async (_, event) => {
      ;(await network.next('/api/v1/me/reauthenticate/passkey/options')).respond(
        proofOptionsRead.status,
        proofOptionsRead.body,
      )
      ;(await webAuthn.next('get')).answer()
      const request = await network.next('/api/v1/me/reauthenticate/passkey')
      expect(request.body).toEqual({ response: fakeAssertionJSON })
      request.respond(200, event.output)
      await repeatedCall()
    },
    'xstate.error.actor.passkeyProof': async (_, event) => {
      ;(await network.next('/api/v1/me/reauthenticate/passkey/options')).respond(
        proofOptionsRead.status,
        proofOptionsRead.body,
      )
      const ceremony = await webAuthn.next('get')
      if (event.error === passkeyClosed) return ceremony.close()
      ceremony.answer()
      await answer('/api/v1/me/reauthenticate/passkey', event.error as CallFailure)
    },
  },
  states: {
    closed: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    },
    asking: async ({ snapshot }) => {
      const { method, methods, refusedSubmissions } = snapshot.context
      await waitFor(() => expect(secretField(method)).toBeTruthy())
      // A factor's proof: the password is neither asked nor offered, and the dialog says why.
      if (!methods.includes('password')) {
        expect(within(dialog()).queryByLabelText('Password')).toBeNull()
        expect(
          within(dialog()).queryByRole('button', { name: 'Use your password instead' }),
        ).toBeNull()
        expect(dialog().textContent).toContain('your password alone is not enough')
      }
      expect(dialog().getAttribute('aria-modal')).toBe('true')
      await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true))
      if (refusedSubmissions > 0)
        expect(within(dialog()).getByRole('alert').textContent).toBe(
          method === 'code' ? 'Enter a code.' : 'Enter your password.',
        )
      else expect(within(dialog()).queryByRole('alert')).toBeNull()
    },
    proving: async () => {
      await waitFor(() =>
        expect(
          within(dialog()).getByRole('button', { name: 'Checking…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    passkey: async () => {
      await waitFor(() =>
        expect(
          within(dialog()).getByRole('button', { name: 'Waiting for your passkey…' }),
        ).toBeTruthy(),
      )
    },
    wrong: async ({ snapshot }) => {
      await waitFor(() =>
        expect(within(dialog()).getByRole('alert').textContent).toBe(
          snapshot.context.method === 'code'
            ? 'That code is not right, or it was used already. Try again.'
            : 'That password is not right. Try again.',
        ),
      )
      expect(secretField(snapshot.context.method).value).toBe('')
    },
    rateLimited: async ({ snapshot }) => {
      await waitFor(() =>
        expect(within(dialog()).getByRole('alert').textContent).toBe(snapshot.context.message),
      )
      await waitFor(() => expect(document.activeElement).toBe(within(dialog()).getByRole('alert')))
    },
    error: async () => {
      await waitFor(() =>
        expect(within(dialog()).getByRole('alert').textContent).toBe(
          'We could not check that. Please try again.',
        ),
      )
    },
  },
})
