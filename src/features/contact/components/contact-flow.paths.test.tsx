import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../domain/api/api-contract'
import { type ContactFormValues, isValidContactForm } from '../../../../domain/leads/contact-form'
import { contactFormMachine } from '../../../../machines/contact-form-machine'
import { contactPathEvents, contactValues } from '../../../../tests/doubles/contact-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const good = contactValues

const control = <T extends HTMLElement>(name: string) => {
  const element = document.getElementById(`contact-${name}`)
  if (!element) throw new Error(`no control contact-${name}`)
  return element as T
}
const heading = () => {
  const element = document.querySelector<HTMLElement>('.contact-outcome h2')
  if (!element) throw new Error('no outcome heading')
  return element
}
const expectFocusedHeading = async (text: string) => {
  await waitFor(() => expect(heading().textContent).toBe(text))
  expect(document.activeElement).toBe(heading())
}

async function fill(user: UserEvent, values: ContactFormValues) {
  for (const name of ['name', 'email', 'phone', 'company', 'message'] as const) {
    const input = control<HTMLInputElement>(name)
    if (input.value === values[name]) continue
    await user.clear(input)
    if (values[name] !== '') await user.type(input, values[name])
  }
  if (control<HTMLSelectElement>('service').value !== values.service)
    await user.selectOptions(control('service'), values.service)
  if (values.budget !== '' && control<HTMLSelectElement>('budget').value !== values.budget)
    await user.selectOptions(control('budget'), values.budget)
  if (control<HTMLInputElement>('consent').checked !== values.consent)
    await user.click(control('consent'))
}

async function answer(error: CallFailure) {
  const request = await network.next('/api/v1/contact')
  if (error.response) request.respond(error.response.status, error.response.data)
  else request.fail()
}

testMachinePaths(contactFormMachine, {
  // A service page's "Contact us" link: its service is preselected.
  input: { service: 'e-commerce' },
  render: async () => {
    network = installFakeNetwork()
    return renderApp('/contact?service=e-commerce')
  },
  events: contactPathEvents,
  // A retry after a failure that showed the server's text must forget it, not only an empty one.
  fromEveryContext: true,
  exec: {
    submit: async ({ user }, event) => {
      await fill(user, event.values)
      await user.click(screen.getByRole('button', { name: 'Send message' }))
    },
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.sendEnquiry': async ({ snapshot }, event) => {
      const request = await network.next('/api/v1/contact')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      // The values as typed, and how long the form was open (measured by the page).
      expect(request.body).toEqual({ ...snapshot.context.values, elapsedMs: expect.any(Number) })
      request.respond(201, event.output)
    },
    'xstate.error.actor.sendEnquiry': (_, event) => answer(event.error as CallFailure),
  },
  states: {
    editing: async ({ snapshot }) => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy())
      const { values, refusedSubmissions, serverFieldErrors } = snapshot.context
      // Values are kept through refusals and errors; the preselected service too.
      expect(control<HTMLInputElement>('name').value).toBe(values.name)
      expect(control<HTMLTextAreaElement>('message').value).toBe(values.message)
      expect(control<HTMLSelectElement>('service').value).toBe(values.service)
      expect(control<HTMLInputElement>('consent').checked).toBe(values.consent)
      // The fields show errors after a refusal, while the values kept are still refused.
      if (
        refusedSubmissions === 0 ||
        (isValidContactForm(values) && Object.keys(serverFieldErrors).length === 0)
      ) {
        expect(document.querySelector('[aria-invalid="true"]')).toBeNull()
        expect(screen.queryByRole('alert')).toBeNull()
        return
      }
      expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
      const firstInvalid = document.querySelector('[aria-invalid="true"]')
      expect(document.activeElement).toBe(firstInvalid)
      if (serverFieldErrors.email) {
        expect(firstInvalid).toBe(control('email'))
        expect(document.getElementById('contact-email-error')?.textContent).toBe(
          serverFieldErrors.email,
        )
        expect(control('email').getAttribute('aria-describedby')).toBe('contact-email-error')
      } else {
        expect(firstInvalid).toBe(control('name'))
        expect(document.getElementById('contact-message-error')?.textContent).toBe(
          'This field is required.',
        )
        expect(document.getElementById('contact-consent-error')?.textContent).toBe(
          'Please agree to be contacted so we can answer you.',
        )
      }
    },
    submitting: async () => {
      await waitFor(() =>
        expect(
          screen
            .getByRole('button', { name: 'Sending your message…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    sent: async ({ snapshot }) => {
      await expectFocusedHeading(snapshot.context.message ?? '')
      expect(screen.getByText(`We sent a confirmation to ${good.email}.`)).toBeTruthy()
    },
    rateLimited: async () => {
      await expectFocusedHeading('You have sent several messages in a short time.')
      expect(screen.getByText('Too many attempts. Please try again in 3540 seconds.')).toBeTruthy()
    },
    error: async ({ snapshot }) => {
      await expectFocusedHeading('Your message could not be sent.')
      expect(
        screen.getByText(snapshot.context.message ?? 'Please try again in a moment.'),
      ).toBeTruthy()
    },
  },
})
