import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { sessionActionsMachine } from '../../../../machines/session-actions-machine'
import { accepted, unreachable } from '../../../../tests/doubles/api-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'
import type { RevokedBody, SessionsBody } from '../../../domain/api/api-contract'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const phone = { id: 'session-phone', device: 'Safari on iOS' }
const sessions: SessionsBody = {
  success: true,
  sessions: [
    {
      id: 'session-here',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-23T08:00:00.000Z',
      device: 'Chrome on Linux',
      current: true,
      signInMethod: 'password',
    },
    {
      id: phone.id,
      createdAt: '2026-11-21T10:00:00.000Z',
      lastSeenAt: '2026-11-22T08:00:00.000Z',
      device: phone.device,
      current: false,
      signInMethod: 'passkey',
    },
  ],
}
const revoked: RevokedBody = { ...accepted('Signed out everywhere else.'), ended: 1 }

const section = () => screen.getByRole('region', { name: 'Where you are signed in' })
const endPhone = () =>
  within(section()).getByRole('button', { name: `Sign out the session on ${phone.device}` })
const endOthers = () =>
  within(section()).getByRole('button', { name: /everywhere else|other sessions/ })
const status = () => within(section()).getByRole('status')

/** Each answer makes the list ask again: the test answers with the list as it was. */
async function answerRefresh() {
  const request = await network.next('/api/v1/me/sessions')
  request.respond(200, sessions)
}

async function answer(path: string, error: unknown) {
  const request = await network.next(path)
  request.failWith(error)
  await answerRefresh()
}

testMachinePaths(sessionActionsMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await answerRefresh()
    await waitFor(() => endPhone())
    return view
  },
  events: (snapshot) => {
    if (snapshot.matches('endingOne'))
      return [
        { type: 'xstate.done.actor.endSession', output: accepted('Signed out.') },
        { type: 'xstate.error.actor.endSession', error: unreachable() },
      ]
    if (snapshot.matches('endingOthers'))
      return [
        { type: 'xstate.done.actor.revokeOtherSessions', output: revoked },
        { type: 'xstate.error.actor.revokeOtherSessions', error: unreachable() },
      ]
    return [{ type: 'endOne', ...phone }, { type: 'endOthers' }]
  },
  exec: {
    endOne: ({ user }) => user.click(endPhone()),
    endOthers: ({ user }) => user.click(endOthers()),
    'xstate.done.actor.endSession': async (_, event) => {
      const request = await network.next(`/api/v1/me/sessions/${phone.id}`)
      expect(request.method).toBe('DELETE')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      request.respond(200, event.output)
      await answerRefresh()
    },
    'xstate.error.actor.endSession': (_, event) =>
      answer(`/api/v1/me/sessions/${phone.id}`, event.error),
    'xstate.done.actor.revokeOtherSessions': async (_, event) => {
      const request = await network.next('/api/v1/me/sessions/revoke-others')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      request.respond(200, event.output)
      await answerRefresh()
    },
    'xstate.error.actor.revokeOtherSessions': (_, event) =>
      answer('/api/v1/me/sessions/revoke-others', event.error),
  },
  states: {
    idle: () => {
      expect(status().textContent).toBe('')
      expect(endOthers().getAttribute('aria-disabled')).toBe('false')
    },
    endingOne: async () => {
      await waitFor(() => expect(endPhone().getAttribute('aria-disabled')).toBe('true'))
      expect(endOthers().getAttribute('aria-disabled')).toBe('true')
    },
    endingOthers: async () => {
      await waitFor(() => expect(endOthers().textContent).toBe('Signing out the other sessions…'))
      expect(endPhone().getAttribute('aria-disabled')).toBe('true')
    },
    endedOne: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe(`The session on ${phone.device} has been signed out.`),
      )
      expect(endPhone().getAttribute('aria-disabled')).toBe('false')
    },
    endedOthers: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe('Every other session has been signed out.'),
      )
      expect(endOthers().textContent).toBe('Sign out everywhere else')
    },
    error: async ({ snapshot }) => {
      await waitFor(() =>
        expect(status().textContent).toBe(
          snapshot.context.failed === 'others'
            ? 'The other sessions could not be signed out. Please try again.'
            : 'That session could not be signed out. Please try again.',
        ),
      )
    },
  },
})
