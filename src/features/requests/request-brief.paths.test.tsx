import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import {
  isValidServiceRequestForm,
  type ServiceRequestFormValues,
  serviceRequestPayload,
} from '../../../domain/requests/service-request-form'
import { serviceRequestFormMachine } from '../../../machines/service-request-form-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { requestBriefPathEvents } from '../../../tests/doubles/request-brief-answers'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const control = <T extends HTMLElement>(name: string) => {
  const element = document.getElementById(`request-${name}`)
  if (!element) throw new Error(`no control request-${name}`)
  return element as T
}
const outcome = () => {
  const element = document.querySelector<HTMLElement>('.request-outcome h3')
  if (!element) throw new Error('no outcome heading')
  return element
}
const expectFocusedOutcome = async (text: string) => {
  await waitFor(() => expect(outcome().textContent).toBe(text))
  expect(document.activeElement).toBe(outcome())
}

async function fill(user: UserEvent, values: ServiceRequestFormValues) {
  const need = control<HTMLTextAreaElement>('need')
  if (need.value !== values.need) {
    await user.clear(need)
    if (values.need !== '') await user.type(need, values.need)
  }
  for (const name of ['desiredStart', 'budget'] as const) {
    if (values[name] !== '' && control<HTMLSelectElement>(name).value !== values[name])
      await user.selectOptions(control(name), values[name])
  }
}

testMachinePaths(serviceRequestFormMachine, {
  input: { serviceId: 'web-design' },
  // Signed in, on a service page whose address opens the brief (the way back from sign-in).
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/services/web-design?brief=open')
    // The brief's chunk loads on demand: the first time, the test runner compiles it.
    await screen.findByRole('button', { name: 'Send request' }, { timeout: 10_000 })
    return view
  },
  events: requestBriefPathEvents,
  exec: {
    submit: async ({ user }, event) => {
      await fill(user, event.values)
      await user.click(screen.getByRole('button', { name: 'Send request' }))
    },
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.sendRequest': async ({ snapshot }, event) => {
      const request = await network.next('/api/v1/me/service-requests')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      // The page's service and the brief as typed.
      expect(request.body).toEqual(serviceRequestPayload('web-design', snapshot.context.values))
      request.respond(201, event.output)
    },
    'xstate.error.actor.sendRequest': async (_, event) => {
      const request = await network.next('/api/v1/me/service-requests')
      request.failWith(event.error as CallFailure)
    },
  },
  states: {
    editing: async ({ snapshot }) => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send request' })).toBeTruthy())
      const { values, refusedSubmissions, serverFieldErrors } = snapshot.context
      // Values are kept through refusals and errors.
      expect(control<HTMLTextAreaElement>('need').value).toBe(values.need)
      expect(control<HTMLSelectElement>('budget').value).toBe(values.budget)
      if (
        refusedSubmissions === 0 ||
        (isValidServiceRequestForm('web-design', values) &&
          Object.keys(serverFieldErrors).length === 0)
      ) {
        expect(document.querySelector('[aria-invalid="true"]')).toBeNull()
        expect(screen.queryByRole('alert')).toBeNull()
        return
      }
      expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.')
      // Focus on the first refused field, its message linked to it.
      expect(document.activeElement).toBe(control('need'))
      expect(control('need').getAttribute('aria-describedby')).toContain('request-need-error')
      if (serverFieldErrors.need)
        expect(document.getElementById('request-need-error')?.textContent).toBe(
          serverFieldErrors.need,
        )
      else expect(control('budget').getAttribute('aria-invalid')).toBe('true')
    },
    submitting: async () => {
      await waitFor(() =>
        expect(
          screen
            .getByRole('button', { name: 'Sending your request…' })
            .getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    sent: async ({ snapshot }) => {
      await expectFocusedOutcome(snapshot.context.message ?? '')
      expect(screen.getByRole('link', { name: 'Go to My services' }).getAttribute('href')).toBe(
        '/my-services',
      )
    },
    error: async () => {
      await expectFocusedOutcome('Your request could not be sent.')
      expect(screen.getByText('Please try again in a moment.')).toBeTruthy()
    },
  },
})
