import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { sessionActionsMachine } from '../../../../machines/session-actions-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  phoneSession,
  sessionActionsPathEvents,
  sessionsRead,
} from '../../../../tests/doubles/sessions-list-answers'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const phone = phoneSession

const section = () => screen.getByRole('region', { name: 'Where you are signed in' })
const endPhone = () =>
  within(section()).getByRole('button', { name: `Sign out the session on ${phone.device}` })
const endOthers = () =>
  within(section()).getByRole('button', { name: /everywhere else|other sessions/ })
const status = () => within(section()).getByRole('status')

/** Each answer makes the list ask again: the test answers with the list as it was. */
async function answerRefresh() {
  const request = await network.next('/api/v1/me/sessions')
  request.respond(sessionsRead.status, sessionsRead.body)
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
  events: sessionActionsPathEvents,
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
