import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { passwordResetMachine } from '../../../../machines/password-reset-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  newPassword,
  passwordResetPathEvents,
  resetLinkInputs,
  resetToken as token,
} from '../../../../tests/doubles/password-reset-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => network.restore())

const passwordInput = () => screen.getByLabelText('New password') as HTMLInputElement
const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 2 })
const expectFocusedHeading = (text: string) => {
  expect(heading().textContent).toBe(text)
  expect(document.activeElement).toBe(heading())
}

testMachinePaths(passwordResetMachine, {
  // A link as the mail sends it, and one cut short (the link check's other branch).
  inputs: resetLinkInputs,
  render: async (input) => {
    network = installFakeNetwork()
    const view = await renderApp(`/reset-password?token=${input?.token ?? token}`)
    // The page takes the token, then removes it from the address.
    await waitFor(() => expect(view.router.state.location.search).toEqual({}))
    return view
  },
  // The same submissions and answers as the Chromium paths (tests/e2e/paths/).
  events: passwordResetPathEvents,
  // A retry after a failure that showed the server's text must forget it, not only an empty one.
  fromEveryContext: true,
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
      expect(request.body).toEqual({ token, password: newPassword })
      request.respond(200, event.output)
    },
    'xstate.error.actor.resetPassword': async (_, event) => {
      const request = await network.next('/api/v1/auth/reset-password')
      request.failWith(event.error)
    },
  },
  states: {
    form: async ({ snapshot }) => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Save the new password' })).toBeTruthy(),
      )
      expect(passwordInput().value).toBe(snapshot.context.password)
      if (snapshot.context.refusedSubmissions > 0 && snapshot.context.password.length < 8) {
        expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
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
      const link = screen.getByRole('link', { name: 'Register, or ask for a new recovery email' })
      expect(link.getAttribute('href')).toBe('/register')
    },
  },
})
