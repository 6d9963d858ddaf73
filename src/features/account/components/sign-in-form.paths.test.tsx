import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../domain/api/api-contract'
import { signInMachine } from '../../../../machines/sign-in-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { fakeAssertionJSON, installFakeWebAuthn } from '../../../../tests/doubles/fake-webauthn'
import {
  signInValues as good,
  passkeyClosed,
  passkeyOptionsRead,
  secondStepSignedInRead,
  signInExpired,
  signInPathEvents,
} from '../../../../tests/doubles/sign-in-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
let webAuthn = installFakeWebAuthn()
afterEach(() => {
  network.restore()
  webAuthn.restore()
  localStorage.clear()
})

/** How the current passkey sign-in began: the button opens a dialog, the autofill gave its answer. */
let passkeyFrom: 'button' | 'autofill' = 'button'

/** Answers every options request the page has sent (the autofill's, the button's). */
async function answerOptions(wait: number) {
  for (;;) {
    const request = await network.next('/api/v1/auth/passkey/options', wait).catch(() => undefined)
    if (!request) return
    request.respond(passkeyOptionsRead.status, passkeyOptionsRead.body)
    wait = 50
  }
}

/** The ceremony the button opened (the autofill's quiet one may be open too). */
async function buttonCeremony() {
  await answerOptions(2000)
  return webAuthn.next('get').catch(async () => {
    await answerOptions(500)
    return webAuthn.next('get')
  })
}

const codeInput = () => screen.getByLabelText('Code') as HTMLInputElement

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement
const remember = () =>
  screen.getByLabelText('Keep me signed in on this device for 30 days') as HTMLInputElement
const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 2 })
const expectFocusedHeading = async (text: string) => {
  await waitFor(() => expect(heading().textContent).toBe(text))
  expect(document.activeElement).toBe(heading())
}

async function expectFocusedAlert(text: string) {
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text))
  expect(document.activeElement).toBe(screen.getByRole('alert'))
}

async function answer(path: string, error: CallFailure) {
  const request = await network.next(path)
  if (error.response) request.respond(error.response.status, error.response.data)
  else request.fail()
}

testMachinePaths(signInMachine, {
  // Sent here by a signed-in page: after signing in, the visitor goes back there.
  render: async () => {
    network = installFakeNetwork()
    webAuthn = installFakeWebAuthn()
    return renderApp('/login?redirect=%2Fabout')
  },
  events: signInPathEvents,
  // A closed dialog needs a dialog: the autofill's answer opens none.
  possible: (snapshot, event) =>
    !(
      event.type === 'xstate.error.actor.passkeySignIn' &&
      snapshot.context.passkeyResponse !== undefined &&
      (event as { error?: unknown }).error === passkeyClosed
    ),
  exec: {
    usePasskey: ({ user }) => {
      passkeyFrom = 'button'
      return user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    },
    passkeyChosen: async () => {
      passkeyFrom = 'autofill'
      await answerOptions(2000)
      ;(await webAuthn.next('get', { conditional: true })).answer()
    },
    'xstate.done.actor.passkeySignIn': async ({ snapshot }, event) => {
      if (passkeyFrom === 'button') (await buttonCeremony()).answer()
      const request = await network.next('/api/v1/auth/passkey')
      expect(request.body).toEqual({
        response: fakeAssertionJSON,
        remember: snapshot.context.remember,
      })
      request.respond(200, event.output)
    },
    'xstate.error.actor.passkeySignIn': async (_, event) => {
      if (passkeyFrom === 'button') {
        const ceremony = await buttonCeremony()
        if (event.error === passkeyClosed) return ceremony.close()
        ceremony.answer()
      }
      await answer('/api/v1/auth/passkey', event.error as CallFailure)
    },
    finished: async ({ user }) => {
      await user.type(codeInput(), '123 456')
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      const request = await network.next('/api/v1/auth/login/second-factor')
      expect(request.body).toEqual({ code: '123456' })
      request.respond(secondStepSignedInRead.status, secondStepSignedInRead.body)
    },
    restart: async ({ user }) => {
      await user.type(codeInput(), '123456')
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      await answer('/api/v1/auth/login/second-factor', signInExpired)
    },
    submit: async ({ user }, event) => {
      await user.clear(emailInput())
      await user.type(emailInput(), event.email)
      await user.clear(passwordInput())
      await user.type(passwordInput(), event.password)
      if (remember().checked !== event.remember) await user.click(remember())
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
    },
    resend: ({ user }) =>
      user.click(screen.getByRole('button', { name: 'Send the verification link again' })),
    edit: ({ user }) =>
      user.click(
        screen.getByRole('button', { name: /^(Sign in with another account|Back to sign in)$/ }),
      ),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.login': async ({ snapshot }, event) => {
      const request = await network.next('/api/v1/auth/login')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ ...good, remember: snapshot.context.remember })
      request.respond(200, event.output)
    },
    'xstate.error.actor.login': (_, event) =>
      answer('/api/v1/auth/login', event.error as CallFailure),
    'xstate.done.actor.resendVerification': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-verification')
      expect(request.body).toEqual({ email: good.email })
      request.respond(200, event.output)
    },
    'xstate.error.actor.resendVerification': (_, event) =>
      answer('/api/v1/auth/resend-verification', event.error as CallFailure),
  },
  states: {
    form: async ({ snapshot }) => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy())
      expect(emailInput().value).toBe(snapshot.context.email)
      if (snapshot.context.refusedSubmissions > 0) {
        expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
        expect(emailInput().getAttribute('aria-invalid')).toBe('true')
        expect(document.activeElement).toBe(emailInput())
      } else {
        expect(screen.queryByRole('alert')).toBeNull()
      }
    },
    secondFactor: async () => {
      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'One more step' })).toBeTruthy(),
      )
      expect(codeInput()).toBeTruthy()
      expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull()
    },
    expired: async () => {
      await expectFocusedAlert('Signing in took too long. Please enter your password again.')
      expect(passwordInput().value).toBe('')
    },
    passkeyRejected: async ({ snapshot }) => {
      await expectFocusedAlert(
        snapshot.context.message ??
          'That passkey is not known here. Sign in with your password instead.',
      )
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
    submitting: async () => {
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'Signing in…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    invalid: async () => {
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(
          'The email address or the password is not right.',
        ),
      )
      expect(document.activeElement).toBe(screen.getByRole('alert'))
      expect(passwordInput().value).toBe('')
      expect(emailInput().value).toBe(good.email)
    },
    unverified: async () => {
      await expectFocusedHeading('Please confirm your email address first.')
      expect(screen.getByRole('button', { name: 'Send the verification link again' })).toBeTruthy()
    },
    resendingVerification: async () => {
      await waitFor(() =>
        expect(
          screen
            .getByRole('button', { name: 'Sending the verification link…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    verificationSent: async () => {
      await expectFocusedHeading(
        `If ${good.email} has an account waiting for confirmation, a new verification link is on its way.`,
      )
    },
    rateLimited: async ({ snapshot }) => {
      await expectFocusedHeading(
        snapshot.context.message ?? 'Too many attempts. Please wait a few minutes, then try again.',
      )
    },
    error: async ({ snapshot }) => {
      await expectFocusedHeading(snapshot.context.message ?? 'Sign-in failed. Please try again.')
    },
    signedIn: async ({ view }) => {
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/about'))
      const header = screen.getByRole('navigation', { name: 'Main' })
      await waitFor(() => within(header).getByRole('button', { name: 'Account of Ana' }))
    },
  },
})
