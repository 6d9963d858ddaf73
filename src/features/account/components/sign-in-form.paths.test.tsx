import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { signInMachine } from '../../../../machines/sign-in-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { signInPathEvents, signInValues } from '../../../../tests/doubles/sign-in-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'
import type { CallFailure } from '../../../domain/api/api-contract'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const good = signInValues

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement
const remember = () =>
  screen.getByLabelText('Keep me signed in on this device for 30 days') as HTMLInputElement
const heading = () => screen.getByRole('heading', { level: 2 })
const expectFocusedHeading = async (text: string) => {
  await waitFor(() => expect(heading().textContent).toBe(text))
  expect(document.activeElement).toBe(heading())
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
    return renderApp('/login?redirect=%2Fabout')
  },
  events: signInPathEvents,
  exec: {
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
