import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { totpEnrolmentMachine } from '../../../../../machines/totp-enrolment-machine'
import { refused, unreachable } from '../../../../../tests/doubles/api-answers'
import { installFakeNetwork } from '../../../../../tests/doubles/fake-network'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../../tests/doubles/fresh-proof'
import { testMachinePaths } from '../../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../../tests/paths/render-signed-in'
import type {
  CallFailure,
  RecoveryCodesBody,
  TotpEnrolmentBody,
} from '../../../../domain/api/api-contract'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const started: TotpEnrolmentBody = {
  success: true,
  message: 'Scan the code.',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Puente%20Digital:ana%40example.com?secret=JBSWY3DPEHPK3PXP',
}
const confirmed: RecoveryCodesBody = {
  success: true,
  message: 'The app is on.',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JKLM-${1000 + i}`),
}
const tooMany = refused(429, 'rate_limited', 'Too many attempts. Try again later.')
const section = () => screen.getByRole('region', { name: 'Sign-in and security' })
const codeField = () => within(section()).getByLabelText('Code from the app') as HTMLInputElement
const button = (name: string) => within(section()).getByRole('button', { name })
const statusText = (text: string) =>
  waitFor(() =>
    expect(
      within(section())
        .getAllByRole('status')
        .some((s) => s.textContent === text),
    ).toBe(true),
  )

testMachinePaths(totpEnrolmentMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await answerFactors(network)
    await waitFor(() => button('Set up an authenticator app'))
    return view
  },
  events: (snapshot) => {
    if (snapshot.matches('starting'))
      return [
        { type: 'xstate.done.actor.startTotp', output: started },
        { type: 'xstate.error.actor.startTotp', error: declinedProof },
        { type: 'xstate.error.actor.startTotp', error: tooMany },
        { type: 'xstate.error.actor.startTotp', error: unreachable() },
      ]
    if (snapshot.matches('showing'))
      return [
        { type: 'submit', code: '123 456' },
        ...(snapshot.context.refusedSubmissions === 0
          ? [{ type: 'submit', code: '12' } as const]
          : []),
        { type: 'cancel' },
      ]
    if (snapshot.matches('wrongCode'))
      return [{ type: 'submit', code: '654321' }, { type: 'cancel' }]
    if (snapshot.matches('confirming'))
      return [
        { type: 'xstate.done.actor.confirmTotp', output: confirmed },
        {
          type: 'xstate.error.actor.confirmTotp',
          error: refused(400, 'invalid_code', 'That code is not right.'),
        },
        { type: 'xstate.error.actor.confirmTotp', error: declinedProof },
        { type: 'xstate.error.actor.confirmTotp', error: tooMany },
        { type: 'xstate.error.actor.confirmTotp', error: unreachable() },
      ]
    return []
  },
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
