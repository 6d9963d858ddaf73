import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { deleteAccountMachine } from '../../../../machines/delete-account-machine'
import {
  deleteAccountPathEvents,
  deletionPassword,
} from '../../../../tests/doubles/delete-account-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import {
  answerFactors,
  declinedProof,
  declineFreshProof,
} from '../../../../tests/doubles/fresh-proof'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const section = () => screen.getByRole('region', { name: 'Your data' })
const field = () =>
  within(section()).getByLabelText('Your password, to confirm') as HTMLInputElement
const button = (name: string) => within(section()).getByRole('button', { name })

testMachinePaths(deleteAccountMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await answerFactors(network)
    await waitFor(() => section())
    return view
  },
  events: deleteAccountPathEvents,
  // A cancel or a retry after a refused or failed deletion must forget what it held.
  fromEveryContext: true,
  exec: {
    start: ({ user }) => user.click(button('Delete my account')),
    cancel: async ({ user }) => {
      await user.click(button('Cancel'))
      // Focus returns to the button that opened the confirmation.
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Delete my account'))
    },
    retry: ({ user }) => user.click(button('Try again')),
    submit: async ({ user }, event) => {
      await user.clear(field())
      if (event.password) await user.type(field(), event.password)
      await user.click(button('Delete my account for good'))
    },
    'xstate.done.actor.deleteAccount': async (_, event) => {
      const request = await network.next('/api/v1/me')
      expect(request.method).toBe('DELETE')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual({ password: deletionPassword })
      request.respond(200, event.output)
    },
    'xstate.error.actor.deleteAccount': async ({ user }, event) => {
      if (event.error === declinedProof) return declineFreshProof(network, user, '/api/v1/me')
      const request = await network.next('/api/v1/me')
      request.failWith(event.error)
    },
  },
  states: {
    idle: async () => {
      await waitFor(() => button('Delete my account'))
      expect(within(section()).queryByLabelText('Your password, to confirm')).toBeNull()
    },
    confirming: async ({ snapshot }) => {
      await waitFor(() => expect(field().value).toBe(snapshot.context.password))
      expect(document.activeElement).toBe(field())
      if (snapshot.context.refusedSubmissions > 0)
        expect(field().getAttribute('aria-invalid')).toBe('true')
    },
    deleting: async () => {
      await waitFor(() => expect(button('Deleting…').getAttribute('aria-disabled')).toBe('true'))
    },
    wrongPassword: async () => {
      await waitFor(() =>
        expect(document.activeElement?.textContent).toBe('Your password is not right.'),
      )
      expect(field().value).toBe('')
    },
    error: async ({ snapshot }) => {
      // The server's text when its answer had one, else the page's own.
      await waitFor(() =>
        expect(document.activeElement?.textContent).toBe(
          snapshot.context.message ?? 'Your account could not be deleted. Please try again.',
        ),
      )
    },
    deleted: async ({ view }) => {
      await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })
      expect(view.router.state.location.search).toEqual({ deleted: true })
      const header = screen.getByRole('navigation', { name: 'Main' })
      await waitFor(() => within(header).getByRole('link', { name: 'Sign in' }))
    },
  },
})
