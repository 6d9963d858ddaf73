import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { changePasswordMachine } from '../../../../machines/change-password-machine'
import {
  changePasswordPathEvents,
  passwordChange,
} from '../../../../tests/doubles/change-password-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../tests/doubles/fresh-proof'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const section = () => screen.getByRole('region', { name: 'Password' })
const current = () => within(section()).getByLabelText('Current password') as HTMLInputElement
const next = () => within(section()).getByLabelText('New password') as HTMLInputElement

testMachinePaths(changePasswordMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await answerFactors(network)
    await waitFor(() => section())
    return view
  },
  events: changePasswordPathEvents,
  // Each step also from a form already refused or answered: what a retry or a new submission
  // must forget is then there to forget.
  fromEveryContext: true,
  exec: {
    submit: async ({ user }, event) => {
      await user.clear(current())
      await user.type(current(), event.currentPassword)
      await user.clear(next())
      await user.type(next(), event.newPassword)
      await user.click(within(section()).getByRole('button', { name: 'Change password' }))
    },
    retry: ({ user }) => user.click(within(section()).getByRole('button', { name: 'Try again' })),
    again: ({ user }) =>
      user.click(within(section()).getByRole('button', { name: 'Change it again' })),
    'xstate.done.actor.changePassword': async (_, event) => {
      const request = await network.next('/api/v1/me/password')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual(passwordChange)
      request.respond(200, event.output)
    },
    'xstate.error.actor.changePassword': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/password')
      const request = await network.next('/api/v1/me/password')
      request.failWith(event.error)
    },
  },
  states: {
    form: async ({ snapshot }) => {
      await waitFor(() => expect(current().value).toBe(snapshot.context.currentPassword))
      if (snapshot.context.refusedSubmissions > 0) {
        expect(next().getAttribute('aria-invalid')).toBe('true')
        expect(document.activeElement).toBe(next())
      }
    },
    submitting: async () => {
      await waitFor(() =>
        expect(
          within(section())
            .getByRole('button', { name: 'Changing…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    changed: async () => {
      await waitFor(() =>
        expect(document.activeElement?.textContent).toBe(
          'Your password has been changed. Every other device has been signed out, and we have sent you an email about it.',
        ),
      )
    },
    wrongPassword: async () => {
      await waitFor(() =>
        expect(document.activeElement?.textContent).toBe('Your current password is not right.'),
      )
      expect(current().value).toBe('')
    },
    error: async ({ snapshot }) => {
      await waitFor(() =>
        expect(document.activeElement?.textContent).toBe(
          snapshot.context.message ?? 'Your password could not be changed. Please try again.',
        ),
      )
    },
  },
})
