import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { verificationRequestMachine } from '../../../../machines/verification-request-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  expiredLink,
  verificationEmail,
  verificationRequestPathEvents,
} from '../../../../tests/doubles/verification-request-answers'
import { verifyToken } from '../../../../tests/doubles/verify-email-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => network.restore())

const email = verificationEmail
const emailInput = () => screen.getByLabelText('Your email address') as HTMLInputElement

testMachinePaths(verificationRequestMachine, {
  // The page of a confirmation link that has expired.
  render: async () => {
    network = installFakeNetwork()
    const view = await renderApp(`/verify-email?token=${verifyToken}`)
    const verifying = await network.next('/api/v1/auth/verify-email')
    verifying.failWith(expiredLink)
    await waitFor(() => emailInput())
    return view
  },
  events: verificationRequestPathEvents,
  exec: {
    submit: async ({ user }, event) => {
      await user.clear(emailInput())
      await user.type(emailInput(), event.email)
      await user.click(screen.getByRole('button', { name: 'Send me a new link' }))
    },
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.resendVerification': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-verification')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ email })
      request.respond(200, event.output)
    },
    'xstate.error.actor.resendVerification': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-verification')
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
      const text = `If ${email} is waiting for confirmation, a new link is on its way. It works for 24 hours.`
      await waitFor(() => expect(screen.getByText(text)).toBeTruthy())
      expect(document.activeElement?.textContent).toBe(text)
    },
    failed: async ({ snapshot }) => {
      const text = snapshot.context.message ?? 'The new link could not be sent. Please try again.'
      await waitFor(() => expect(document.activeElement?.textContent).toBe(text))
    },
  },
})
