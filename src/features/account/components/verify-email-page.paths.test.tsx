import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { verifyEmailMachine } from '../../../../machines/verify-email-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  verifyEmailPathEvents,
  verifyLinkInputs,
  verifyToken,
} from '../../../../tests/doubles/verify-email-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

const token = verifyToken

let network = installFakeNetwork()
afterEach(() => network.restore())

const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 2 })
const pageHeading = () =>
  within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent
const expectFocusedHeading = async (text: string) => {
  await waitFor(() => expect(heading().textContent).toBe(text))
  expect(document.activeElement).toBe(heading())
}
const signInLink = () => {
  const link = heading().parentElement?.querySelector('a')
  expect([link?.textContent, link?.getAttribute('href')]).toEqual(['Sign in', '/login'])
}

testMachinePaths(verifyEmailMachine, {
  // The link as the mail sends it, and one cut short.
  inputs: verifyLinkInputs,
  render: async (input) => {
    network = installFakeNetwork()
    const view = await renderApp(`/verify-email?token=${input?.token ?? token}`)
    // The page takes the token, then removes it from the address.
    await waitFor(() => expect(view.router.state.location.search).toEqual({}))
    return view
  },
  events: verifyEmailPathEvents,
  exec: {
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.verifyEmail': async (_, event) => {
      const request = await network.next('/api/v1/auth/verify-email')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ token })
      request.respond(200, event.output)
    },
    'xstate.error.actor.verifyEmail': async (_, event) => {
      const request = await network.next('/api/v1/auth/verify-email')
      request.failWith(event.error)
    },
  },
  states: {
    verifying: async () => {
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe('Confirming your email address…'),
      )
      expect(pageHeading()).toBe('Confirm your email address')
    },
    verified: async () => {
      await expectFocusedHeading('Your email address is confirmed. You can sign in now.')
      // The page no longer asks for what is done.
      expect(pageHeading()).toBe('Email address confirmed')
      signInLink()
    },
    alreadyConfirmed: async () => {
      await expectFocusedHeading('Your email address is already confirmed. You can sign in.')
      expect(pageHeading()).toBe('Email address confirmed')
      signInLink()
    },
    expired: async () => {
      await expectFocusedHeading('This verification link has expired.')
      expect(pageHeading()).toBe('Confirm your email address')
      // A new link, not a detour through signing in.
      expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeTruthy()
      expect(screen.getByLabelText('Your email address')).toBeTruthy()
    },
    invalid: async () => {
      await waitFor(() =>
        expect(heading().textContent).toBe(
          'This verification link is invalid or was already used.',
        ),
      )
      signInLink()
    },
    failed: async () => {
      await expectFocusedHeading(
        'Your email address could not be confirmed just now. Please try again.',
      )
    },
  },
})
