import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../domain/api/api-contract'
import { secondFactorMachine } from '../../../../machines/second-factor-machine'
import { installFakeNetwork } from '../../../../tests/doubles/fake-network'
import { fakeAssertionJSON, installFakeWebAuthn } from '../../../../tests/doubles/fake-webauthn'
import {
  allMethods,
  appMethods,
  secondFactorPathEvents,
  secondStepRequired,
} from '../../../../tests/doubles/second-factor-answers'
import { passkeyClosed, passkeyOptionsRead } from '../../../../tests/doubles/sign-in-answers'
import { testUser } from '../../../../tests/fixtures/account-user'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
let webAuthn = installFakeWebAuthn()
afterEach(() => {
  network.restore()
  webAuthn.restore()
  localStorage.clear()
})

const codeInput = () => screen.getByLabelText('Code') as HTMLInputElement

async function answer(path: string, error: CallFailure) {
  const request = await network.next(path)
  if (error.response) request.respond(error.response.status, error.response.data)
  else request.fail()
}

/** Answers every passkey options request (the form's autofill had one too), then the dialog. */
async function passkeyDialog() {
  for (let wait = 2000; ; wait = 100) {
    const request = await network.next('/api/v1/auth/passkey/options', wait).catch(() => undefined)
    if (!request) break
    request.respond(passkeyOptionsRead.status, passkeyOptionsRead.body)
  }
  return webAuthn.next('get')
}

testMachinePaths(secondFactorMachine, {
  inputs: [{ methods: [...allMethods] }, { methods: [...appMethods] }],
  // The password was right: the login answer asks for the second step.
  render: async (input) => {
    network = installFakeNetwork()
    webAuthn = installFakeWebAuthn()
    const view = await renderApp('/login?redirect=%2Fabout')
    const { default: userEvent } = await import('@testing-library/user-event')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), testUser.email)
    await user.type(screen.getByLabelText('Password'), 'lantern orbit mango 42')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const login = await network.next('/api/v1/auth/login')
    login.failWith(secondStepRequired(input?.methods ?? []))
    await within(screen.getByRole('main')).findByRole('heading', { name: 'One more step' })
    return view
  },
  events: secondFactorPathEvents,
  // The passkey button is there only for an account with a passkey.
  possible: (snapshot, event) =>
    event.type !== 'usePasskey' || snapshot.context.methods.includes('passkey'),
  exec: {
    submit: async ({ user }, event) => {
      await user.clear(codeInput())
      if (event.code) await user.type(codeInput(), event.code)
      await user.click(screen.getByRole('button', { name: 'Continue' }))
    },
    usePasskey: ({ user }) => user.click(screen.getByRole('button', { name: 'Use a passkey' })),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.checkCode': async ({ snapshot }, event) => {
      const request = await network.next('/api/v1/auth/login/second-factor')
      expect(request.body).toEqual({ code: expect.stringMatching(/^[0-9A-Z-]+$/) })
      expect(snapshot.context.code).toBe('')
      request.respond(200, event.output)
    },
    'xstate.error.actor.checkCode': (_, event) =>
      answer('/api/v1/auth/login/second-factor', event.error as CallFailure),
    'xstate.done.actor.passkeySignIn': async (_, event) => {
      ;(await passkeyDialog()).answer()
      const request = await network.next('/api/v1/auth/passkey')
      expect(request.body).toEqual({ response: fakeAssertionJSON, remember: false })
      request.respond(200, event.output)
    },
    'xstate.error.actor.passkeySignIn': async (_, event) => {
      const dialog = await passkeyDialog()
      if (event.error === passkeyClosed) return dialog.close()
      dialog.answer()
      await answer('/api/v1/auth/passkey', event.error as CallFailure)
    },
  },
  states: {
    code: async ({ snapshot }) => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy())
      expect(screen.queryByRole('button', { name: 'Use a passkey' }) !== null).toBe(
        snapshot.context.methods.includes('passkey'),
      )
      if (snapshot.context.refusedSubmissions > 0)
        await waitFor(() => expect(codeInput().getAttribute('aria-invalid')).toBe('true'))
      else expect(codeInput().getAttribute('aria-invalid')).toBe('false')
    },
    checking: async () => {
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'Checking…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    wrongCode: async () => {
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'That code is not right, or it was used already. Try again.',
        ),
      )
      expect(document.activeElement).toBe(screen.getByRole('alert'))
      expect(codeInput().value).toBe('')
    },
    passkey: async () => {
      await waitFor(() =>
        expect(
          screen
            .getByRole('button', { name: 'Waiting for your passkey…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    rateLimited: async ({ snapshot }) => {
      const heading = await within(screen.getByRole('main')).findByRole('heading', { level: 2 })
      await waitFor(() => expect(heading.textContent).toBe(snapshot.context.message))
      await waitFor(() => expect(document.activeElement).toBe(heading))
    },
    // The server's own words when it gave some (a passkey it does not know), else the default.
    error: async ({ snapshot }) => {
      const heading = await within(screen.getByRole('main')).findByRole('heading', {
        name: snapshot.context.message ?? 'Sign-in failed. Please try again.',
      })
      await waitFor(() => expect(document.activeElement).toBe(heading))
    },
    // Back to the password: the half-way state is gone.
    expired: async () => {
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'Signing in took too long. Please enter your password again.',
        ),
      )
      expect(screen.getByLabelText('Password')).toBeTruthy()
    },
    signedIn: async ({ view }) => {
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/about'))
      const header = screen.getByRole('navigation', { name: 'Main' })
      await waitFor(() => within(header).getByRole('button', { name: 'Account of Ana' }))
    },
  },
})
