import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { passwordResetMachine } from '../../../../machines/password-reset-machine'
import { accepted, offContract, refused, unreachable } from '../../../../tests/doubles/api-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'
import type { CallFailure } from '../../../domain/api/api-contract'

const token = 'A'.repeat(43)

let network = installFakeNetwork()
afterEach(() => network.restore())

const passwordInput = () => screen.getByLabelText('New password') as HTMLInputElement
const heading = () => screen.getByRole('heading', { level: 2 })
const expectFocusedHeading = (text: string) => {
  expect(heading().textContent).toBe(text)
  expect(document.activeElement).toBe(heading())
}

testMachinePaths(passwordResetMachine, {
  // A link as the mail sends it, and one cut short (the link check's other branch).
  inputs: [{ token }, { token: token.slice(0, 20) }],
  render: async (input) => {
    network = installFakeNetwork()
    const view = await renderApp(`/reset-password?token=${input?.token ?? token}`)
    // The page takes the token, then removes it from the address.
    await waitFor(() => expect(view.router.state.location.search).toEqual({}))
    return view
  },
  events: (snapshot) => {
    if (snapshot.matches('form')) {
      return snapshot.context.refusedSubmissions === 0
        ? [
            { type: 'submit', password: 'a long new passphrase' },
            { type: 'submit', password: 'short' },
          ]
        : [{ type: 'submit', password: 'a long new passphrase' }]
    }
    if (snapshot.matches('submitting')) {
      return [
        {
          type: 'xstate.done.actor.resetPassword',
          output: accepted('Your password has been changed. You can now sign in with it.'),
        },
        { type: 'xstate.done.actor.resetPassword', output: offContract({ success: false }) },
        {
          type: 'xstate.error.actor.resetPassword',
          error: refused(
            400,
            'invalid_token',
            'This reset link is invalid, has expired or was already used. Ask for a new recovery email.',
          ),
        },
        { type: 'xstate.error.actor.resetPassword', error: unreachable() },
      ]
    }
    return []
  },
  exec: {
    submit: async ({ user }, event) => {
      await user.clear(passwordInput())
      await user.type(passwordInput(), event.password)
      await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    },
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.resetPassword': async (_, event) => {
      const request = await network.next('/api/v1/auth/reset-password')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ token, password: 'a long new passphrase' })
      request.respond(200, event.output)
    },
    'xstate.error.actor.resetPassword': async (_, event) => {
      const request = await network.next('/api/v1/auth/reset-password')
      const error = event.error as CallFailure
      if (error.response) request.respond(error.response.status, error.response.data)
      else request.fail()
    },
  },
  states: {
    form: async ({ snapshot }) => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Save the new password' })).toBeTruthy(),
      )
      expect(passwordInput().value).toBe(snapshot.context.password)
      if (snapshot.context.refusedSubmissions > 0 && snapshot.context.password.length < 8) {
        expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields.')
        expect(passwordInput().getAttribute('aria-invalid')).toBe('true')
        expect(document.activeElement).toBe(passwordInput())
      } else {
        expect(screen.queryByRole('alert')).toBeNull()
      }
    },
    submitting: async () => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Saving…' }).getAttribute('aria-disabled')).toBe(
          'true',
        ),
      )
    },
    done: async ({ snapshot }) => {
      await waitFor(() =>
        expectFocusedHeading(snapshot.context.message ?? 'Your password has been changed.'),
      )
      // The header has its own "Sign in" link; this one sits right under the message.
      const link = heading().parentElement?.querySelector('a')
      expect([link?.textContent, link?.getAttribute('href')]).toEqual(['Sign in', '/login'])
    },
    invalidLink: () => {
      expect(heading().textContent).toBe(
        'This reset link is incomplete. Open the link from the email again, or ask for a new one.',
      )
      expect(screen.queryByLabelText('New password')).toBeNull()
      expect(screen.getByRole('link', { name: 'Ask for a new recovery email' })).toBeTruthy()
    },
    failed: async ({ snapshot }) => {
      await waitFor(() =>
        expectFocusedHeading(
          snapshot.context.message ?? 'The password could not be changed. Please try again.',
        ),
      )
    },
  },
})
