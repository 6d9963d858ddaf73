import type { Page } from 'playwright-core'
import { expect, vi } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { passwordResetMachine } from '../../../machines/password-reset-machine'
import {
  newPassword,
  passwordResetPathEvents,
  resetLinkInputs,
  resetToken,
} from '../../doubles/password-reset-answers'
import { testMachinePathsInBrowser } from './browser-paths'
import { answerFailure, expectXsrfEchoed, heldRequests, holdRequests } from './held-requests'

// The page the recovery mail links to, in Chromium: the token read from the address, the real
// form, client and machine; the API's answers from the same table as the jsdom paths.

const flow = (page: Page) => page.locator('article.registration-page')
const passwordInput = (page: Page) => flow(page).getByLabel('New password')
const heading = (page: Page) => flow(page).locator('h2')
const eventually = (assertion: () => Promise<void>) =>
  vi.waitFor(assertion, { timeout: 15_000, interval: 20 })

const expectFocusedHeading = (page: Page, text: string) =>
  eventually(async () => {
    expect(await heading(page).textContent()).toBe(text)
    expect(await heading(page).evaluate((element) => element === document.activeElement)).toBe(true)
  })

/** The page took the token, then removed it from the address. */
const expectTokenGone = async (page: Page) => expect(new URL(page.url()).search).toBe('')

testMachinePathsInBrowser(passwordResetMachine, {
  inputs: resetLinkInputs,
  url: (input) => `/reset-password?token=${input?.token ?? resetToken}`,
  prepare: (page) => holdRequests(page, ['resetPassword']),
  events: passwordResetPathEvents,
  exec: {
    submit: async ({ page }, event) => {
      await passwordInput(page).fill(event.password)
      await flow(page).getByRole('button', { name: 'Save the new password' }).click()
    },
    retry: ({ page }) => flow(page).getByRole('button', { name: 'Try again' }).click(),
    'xstate.done.actor.resetPassword': async ({ page }, event) => {
      const request = await heldRequests(page).next('resetPassword')
      await expectXsrfEchoed(page, request)
      expect(request.body).toEqual({ token: resetToken, password: newPassword })
      await request.respond(200, event.output)
    },
    'xstate.error.actor.resetPassword': async ({ page }, event) => {
      const request = await heldRequests(page).next('resetPassword')
      await answerFailure(request, event.error as CallFailure)
    },
  },
  states: {
    form: ({ page, snapshot }) =>
      eventually(async () => {
        await expectTokenGone(page)
        expect(
          await flow(page).getByRole('button', { name: 'Save the new password' }).count(),
        ).toBe(1)
        expect(await passwordInput(page).inputValue()).toBe(snapshot.context.password)
        const alerts = flow(page).getByRole('alert')
        if (snapshot.context.refusedSubmissions > 0 && snapshot.context.password.length < 8) {
          expect(await alerts.textContent()).toBe('Please check the highlighted fields.')
          expect(await passwordInput(page).getAttribute('aria-invalid')).toBe('true')
          expect(
            await passwordInput(page).evaluate((element) => element === document.activeElement),
          ).toBe(true)
        } else {
          expect(await alerts.count()).toBe(0)
        }
      }),
    submitting: ({ page }) =>
      eventually(async () => {
        const button = flow(page).getByRole('button', { name: 'Saving…' })
        expect(await button.getAttribute('aria-disabled')).toBe('true')
      }),
    done: async ({ page, snapshot }) => {
      await expectFocusedHeading(
        page,
        snapshot.context.message ?? 'Your password has been changed.',
      )
      // The header has its own "Sign in" link; this one sits right under the message.
      const link = flow(page).locator('.result-panel a')
      expect([await link.textContent(), await link.getAttribute('href')]).toEqual([
        'Sign in',
        '/login',
      ])
    },
    invalidLink: ({ page }) =>
      eventually(async () => {
        await expectTokenGone(page)
        expect(await heading(page).textContent()).toBe(
          'This reset link is incomplete. Open the link from the email again, or ask for a new one.',
        )
        expect(await passwordInput(page).count()).toBe(0)
        expect(
          await flow(page).getByRole('link', { name: 'Ask for a new recovery email' }).count(),
        ).toBe(1)
      }),
    failed: ({ page, snapshot }) =>
      expectFocusedHeading(
        page,
        snapshot.context.message ?? 'The password could not be changed. Please try again.',
      ),
  },
})
