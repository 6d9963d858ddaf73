import { waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../../../domain/api/api-contract'
import { totpEnrolmentMachine } from '../../../../../machines/totp-enrolment-machine'
import { installFakeNetwork } from '../../../../../tests/doubles/fake-network'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../../tests/doubles/fresh-proof'
import { totpStarted as started, totpPathEvents } from '../../../../../tests/doubles/totp-answers'
import { testMachinePaths } from '../../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../../tests/paths/render-signed-in'
import { button, section, statusText } from '../../../../../tests/paths/security-section'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const codeField = () => within(section()).getByLabelText('Code from the app') as HTMLInputElement

testMachinePaths(totpEnrolmentMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await answerFactors(network)
    await waitFor(() => button('Set up an authenticator app'))
    return view
  },
  events: totpPathEvents,
  exec: {
    start: ({ user }) => user.click(button('Set up an authenticator app')),
    submit: async ({ user }, event) => {
      await user.clear(codeField())
      await user.type(codeField(), event.code)
      await user.click(button('Turn on the authenticator app'))
    },
    cancel: ({ user }) => user.click(button('Cancel')),
    done: ({ user }) => user.click(button('Done')),
    retry: ({ user }) => user.click(button('Try again')),
    'xstate.done.actor.startTotp': async (_, event) => {
      ;(await network.next('/api/v1/me/factors/totp')).respond(200, event.output)
    },
    'xstate.error.actor.startTotp': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/factors/totp')
      ;(await network.next('/api/v1/me/factors/totp')).failWith(event.error as CallFailure)
    },
    'xstate.done.actor.confirmTotp': async (_, event) => {
      const request = await network.next('/api/v1/me/factors/totp/confirm')
      expect(request.body).toEqual({ code: expect.stringMatching(/^\d{6}$/) })
      request.respond(200, event.output)
    },
    'xstate.error.actor.confirmTotp': async ({ user }, event) => {
      if (event.error === declinedProof)
        return declineFreshProof(network, user, '/api/v1/me/factors/totp/confirm')
      ;(await network.next('/api/v1/me/factors/totp/confirm')).failWith(event.error as CallFailure)
    },
  },
  states: {
    idle: async () => {
      await waitFor(() =>
        expect(button('Set up an authenticator app').getAttribute('aria-disabled')).toBe('false'),
      )
    },
    starting: async () => {
      await waitFor(() => button('Preparing a key…'))
    },
    showing: async ({ snapshot }) => {
      await waitFor(() => expect(within(section()).getByText(started.secret)).toBeTruthy())
      await waitFor(() => expect(document.activeElement).toBe(codeField()))
      expect(codeField().getAttribute('aria-invalid')).toBe(
        snapshot.context.refusedSubmissions > 0 ? 'true' : 'false',
      )
    },
    confirming: async () => {
      await waitFor(() => expect(button('Checking…').getAttribute('aria-disabled')).toBe('true'))
    },
    wrongCode: async () => {
      await waitFor(() =>
        expect(within(section()).getByRole('alert').textContent).toBe(
          'That code is not right. Check the time on your device and try the current code.',
        ),
      )
      expect(within(section()).getByText(started.secret)).toBeTruthy()
    },
    codesShown: async () => {
      await statusText('The authenticator app is on.')
      const list = within(section()).getByRole('list', { name: 'Your recovery codes' })
      expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    },
    rateLimited: async ({ snapshot }) => {
      await statusText(snapshot.context.message ?? '')
    },
    error: async ({ snapshot }) => {
      await statusText(
        snapshot.context.message ?? 'The authenticator app could not be set up. Please try again.',
      )
    },
  },
})
