import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { recoveryRequestMachine } from '../../../../machines/recovery-request-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  recoveryEmail,
  recoveryRequestPathEvents,
} from '../../../../tests/doubles/recovery-request-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => network.restore())

const email = recoveryEmail
const emailInput = () => screen.getByLabelText('Email of your account') as HTMLInputElement

testMachinePaths(recoveryRequestMachine, {
  // The sign-in page, with "Forgot your password?" opened.
  render: async () => {
    network = installFakeNetwork()
    const view = await renderApp('/login')
    screen.getByText('Forgot your password?').click()
    await waitFor(() => emailInput())
    return view
  },
  events: recoveryRequestPathEvents,
  exec: {
    submit: async ({ user }, event) => {
      await user.clear(emailInput())
      await user.type(emailInput(), event.email)
      await user.click(screen.getByRole('button', { name: 'Send me a recovery email' }))
    },
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.resendRecoveryEmail': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-recovery-email')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ email })
      request.respond(200, event.output)
    },
    'xstate.error.actor.resendRecoveryEmail': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-recovery-email')
      request.failWith(event.error)
    },
  },
  states: {
    form: async ({ snapshot }) => {
      await waitFor(() => expect(emailInput().value).toBe(snapshot.context.email))
      const invalid = snapshot.context.refusedSubmissions > 0 && snapshot.context.email !== email
      expect(emailInput().getAttribute('aria-invalid')).toBe(String(invalid))
      if (invalid) expect(document.activeElement).toBe(emailInput())
    },
    sending: async () => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled')).toBe(
          'true',
        ),
      )
    },
    sent: async () => {
      const text = `If ${email} has an account, a recovery email with a link to choose a new password is on its way. The link works for one hour.`
      await waitFor(() => expect(screen.getByText(text)).toBeTruthy())
      expect(document.activeElement?.textContent).toBe(text)
    },
    failed: async ({ snapshot }) => {
      const text =
        snapshot.context.message ?? 'The recovery email could not be sent. Please try again.'
      await waitFor(() => expect(document.activeElement?.textContent).toBe(text))
    },
  },
})
