import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import {
  emptyRegistration,
  parseRegistration,
  registrationFields,
} from '../../../../domain/registration/registration-schema'
import { registrationMachine } from '../../../../machines/registration-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  refusedEmailMessage,
  registrationPathEvents,
  serverEmailMessage,
  pathRegistration as valid,
} from '../../../../tests/doubles/registration-flow-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => network.restore())

const control = (field: string) => {
  const element = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${field}"]`)
  if (!element) throw new Error(`No control named ${field}`)
  return element
}
const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 2 })
const expectFocusedHeading = (text: string) => {
  expect(heading().textContent).toBe(text)
  expect(document.activeElement).toBe(heading())
}

testMachinePaths(registrationMachine, {
  render: () => {
    network = installFakeNetwork()
    return renderApp('/register')
  },
  // The same submissions and answers as the Chromium paths (tests/e2e/paths/).
  events: registrationPathEvents,
  // A resend after a failure that showed the server's text must forget it, not only an empty one.
  fromEveryContext: true,
  exec: {
    submit: async ({ user }, event) => {
      for (const field of registrationFields) {
        const element = control(field)
        const value = event.values[field]
        if (element instanceof HTMLSelectElement) {
          await user.selectOptions(element, value)
        } else {
          await user.clear(element)
          if (value) await user.type(element, value)
        }
      }
      await user.click(screen.getByRole('button', { name: 'Create account' }))
    },
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    resend: ({ user }) =>
      user.click(screen.getByRole('button', { name: /^(Resend recovery email|Try again)$/ })),
    edit: ({ user }) =>
      user.click(screen.getByRole('button', { name: 'Use a different email address' })),
    'xstate.done.actor.registerUser': async (_, event) => {
      const request = await network.next('/api/v1/auth/register')
      // The real client: JSON, the XSRF cookie echoed, the parsed (trimmed) payload.
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual(valid)
      const output = event.output as { success?: boolean }
      request.respond(output.success ? 201 : 200, output)
    },
    'xstate.error.actor.registerUser': async (_, event) => {
      const request = await network.next('/api/v1/auth/register')
      request.failWith(event.error)
    },
    'xstate.done.actor.resendRecoveryEmail': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-recovery-email')
      expect(request.body).toEqual({ email: valid.email })
      request.respond(200, event.output)
    },
    'xstate.error.actor.resendRecoveryEmail': async (_, event) => {
      const request = await network.next('/api/v1/auth/resend-recovery-email')
      request.failWith(event.error)
    },
  },
  states: {
    form: async ({ snapshot }) => {
      const { values, refusedSubmissions, serverFieldErrors } = snapshot.context
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy(),
      )
      // The values are kept (after "Try again" too); the form starts empty.
      for (const field of registrationFields)
        expect(control(field).value, field).toBe(values[field] ?? emptyRegistration[field])
      // Messages (and the summary) follow the last submitted values once a submission was refused.
      if (refusedSubmissions > 0 && parseRegistration(values) === undefined) {
        expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
        expect(control('email').getAttribute('aria-invalid')).toBe('true')
        expect(
          document.getElementById(control('email').getAttribute('aria-describedby') ?? '')
            ?.textContent,
        ).toBe(refusedEmailMessage(values))
        expect(document.activeElement).toBe(control('email'))
      } else if (serverFieldErrors.email) {
        // The server's message, on the field it names, read with it; focus goes there.
        expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
        expect(control('email').getAttribute('aria-invalid')).toBe('true')
        expect(
          document.getElementById(control('email').getAttribute('aria-describedby') ?? '')
            ?.textContent,
        ).toBe(serverEmailMessage)
        expect(document.activeElement).toBe(control('email'))
      } else {
        expect(screen.queryByRole('alert')).toBeNull()
      }
    },
    submitting: async () => {
      await waitFor(() =>
        expect(
          screen
            .getByRole('button', { name: 'Creating your account…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    success: async ({ snapshot }) => {
      await waitFor(() =>
        expectFocusedHeading(snapshot.context.message ?? 'Registration successful!'),
      )
    },
    error: async ({ snapshot }) => {
      await waitFor(() =>
        expectFocusedHeading(snapshot.context.message ?? 'Registration failed. Please try again.'),
      )
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    },
    registered: async () => {
      await waitFor(() =>
        expectFocusedHeading(
          'User already registered. Would you like to resend the recovery email?',
        ),
      )
      expect(screen.getByRole('button', { name: 'Resend recovery email' })).toBeTruthy()
    },
    resending: async () => {
      await waitFor(() =>
        expect(
          screen
            .getByRole('button', { name: 'Sending the recovery email…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    resent: async ({ snapshot }) => {
      await waitFor(() =>
        expectFocusedHeading(
          snapshot.context.message ?? 'Recovery email has been sent successfully.',
        ),
      )
    },
    resendFailed: async ({ snapshot }) => {
      await waitFor(() =>
        expectFocusedHeading(snapshot.context.message ?? 'Failed to send recovery email.'),
      )
    },
  },
})
