import type { Page } from 'playwright-core'
import { expect, vi } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import {
  emptyRegistration,
  parseRegistration,
  type RegistrationValues,
  registrationFields,
} from '../../../domain/registration/registration-schema'
import { registrationMachine } from '../../../machines/registration-machine'
import {
  pathRegistration,
  refusedEmailMessage,
  registrationPathEvents,
  serverEmailMessage,
} from '../../doubles/registration-flow-answers'
import { testMachinePathsInBrowser } from './browser-paths'
import { answerFailure, expectXsrfEchoed, heldRequests, holdRequests } from './held-requests'

// The registration page in Chromium: the real form, client and machine; the API's answers
// come from the same table as the jsdom paths, at the network boundary.

const flow = (page: Page) => page.locator('article.registration-page')
const control = (page: Page, field: string) => flow(page).locator(`[name="${field}"]`)
const heading = (page: Page) => flow(page).locator('h2')
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('name') ?? null)
const eventually = (assertion: () => Promise<void>) =>
  vi.waitFor(assertion, { timeout: 15_000, interval: 20 })

const expectFocusedHeading = (page: Page, text: string) =>
  eventually(async () => {
    expect(await heading(page).textContent()).toBe(text)
    expect(await heading(page).evaluate((element) => element === document.activeElement)).toBe(true)
  })

/** The field's message, read with it (aria-describedby), and the field marked invalid. */
async function expectFieldMessage(page: Page, field: string, message: string) {
  const element = control(page, field)
  expect(await element.getAttribute('aria-invalid')).toBe('true')
  const described = (await element.getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(
    described
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  )
  expect(texts).toContain(message)
}

/** Every control's value, in one round trip. */
const formValues = (page: Page) =>
  flow(page).evaluate((article) =>
    Object.fromEntries(
      [...article.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]')].map(
        (element) => [element.name, element.value],
      ),
    ),
  )

/** Fills what differs from what the form shows (kept values stay): one `fill` per field. */
async function fillForm(page: Page, values: RegistrationValues) {
  const shown = await formValues(page)
  for (const field of registrationFields) {
    const value = values[field]
    if (shown[field] === value) continue
    const element = control(page, field)
    if (field === 'gender' || field === 'state' || field === 'country')
      await element.selectOption(value)
    else await element.fill(value)
  }
}

testMachinePathsInBrowser(registrationMachine, {
  url: () => '/register',
  ready: 'form.registration-form button[type="submit"]:not([disabled])',
  prepare: (page) => holdRequests(page, ['register', 'resendRecoveryEmail']),
  events: registrationPathEvents,
  exec: {
    submit: async ({ page }, event) => {
      await fillForm(page, event.values)
      await flow(page).getByRole('button', { name: 'Create account' }).click()
    },
    retry: ({ page }) => flow(page).getByRole('button', { name: 'Try again' }).click(),
    resend: ({ page }) =>
      flow(page)
        .getByRole('button', { name: /^(Resend recovery email|Try again)$/ })
        .click(),
    edit: ({ page }) =>
      flow(page).getByRole('button', { name: 'Use a different email address' }).click(),
    'xstate.done.actor.registerUser': async ({ page }, event) => {
      const request = await heldRequests(page).next('register')
      await expectXsrfEchoed(page, request)
      expect(request.body).toEqual(pathRegistration)
      const output = event.output as { success?: boolean }
      await request.respond(output.success ? 201 : 200, output)
    },
    'xstate.error.actor.registerUser': async ({ page }, event) => {
      const request = await heldRequests(page).next('register')
      await answerFailure(request, event.error as CallFailure)
    },
    'xstate.done.actor.resendRecoveryEmail': async ({ page }, event) => {
      const request = await heldRequests(page).next('resendRecoveryEmail')
      await expectXsrfEchoed(page, request)
      expect(request.body).toEqual({ email: pathRegistration.email })
      await request.respond(200, event.output)
    },
    'xstate.error.actor.resendRecoveryEmail': async ({ page }, event) => {
      const request = await heldRequests(page).next('resendRecoveryEmail')
      await answerFailure(request, event.error as CallFailure)
    },
  },
  states: {
    form: ({ page, snapshot }) =>
      eventually(async () => {
        const { values, refusedSubmissions, serverFieldErrors } = snapshot.context
        expect(await flow(page).getByRole('button', { name: 'Create account' }).count()).toBe(1)
        // The values are kept (after "Try again" too); the form starts empty.
        const shown = await formValues(page)
        for (const field of registrationFields)
          expect(shown[field], field).toBe(values[field] ?? emptyRegistration[field])
        const alerts = flow(page).getByRole('alert')
        const refusedHere = refusedSubmissions > 0 && parseRegistration(values) === undefined
        if (refusedHere || serverFieldErrors.email) {
          // The schema's message, or the server's on the field it names; focus goes there.
          expect(await alerts.textContent()).toBe('Please check the highlighted fields.')
          await expectFieldMessage(
            page,
            'email',
            refusedHere ? refusedEmailMessage(values) : serverEmailMessage,
          )
          expect(await focusedName(page)).toBe('email')
        } else {
          expect(await alerts.count()).toBe(0)
        }
      }),
    submitting: ({ page }) =>
      eventually(async () => {
        const button = flow(page).getByRole('button', { name: 'Creating your account…' })
        expect(await button.getAttribute('aria-disabled')).toBe('true')
      }),
    success: ({ page, snapshot }) =>
      expectFocusedHeading(page, snapshot.context.message ?? 'Registration successful!'),
    error: async ({ page, snapshot }) => {
      await expectFocusedHeading(
        page,
        snapshot.context.message ?? 'Registration failed. Please try again.',
      )
      expect(await flow(page).getByRole('button', { name: 'Try again' }).count()).toBe(1)
    },
    registered: async ({ page }) => {
      await expectFocusedHeading(
        page,
        'User already registered. Would you like to resend the recovery email?',
      )
      expect(await flow(page).getByRole('button', { name: 'Resend recovery email' }).count()).toBe(
        1,
      )
    },
    resending: ({ page }) =>
      eventually(async () => {
        const button = flow(page).getByRole('button', { name: 'Sending the recovery email…' })
        expect(await button.getAttribute('aria-disabled')).toBe('true')
      }),
    resent: ({ page, snapshot }) =>
      expectFocusedHeading(
        page,
        snapshot.context.message ?? 'Recovery email has been sent successfully.',
      ),
    resendFailed: ({ page, snapshot }) =>
      expectFocusedHeading(page, snapshot.context.message ?? 'Failed to send recovery email.'),
  },
})
