import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { profileMachine } from '../../../../machines/profile-machine'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { movedProfile, profilePathEvents } from '../../../../tests/doubles/profile-answers'
import { testUser } from '../../../../tests/fixtures/account-user'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const profile = testUser.profile
const moved = movedProfile

const section = () => screen.getByRole('region', { name: 'Your details' })
const city = () => within(section()).getByLabelText('City') as HTMLInputElement
const state = () => within(section()).getByLabelText('State') as HTMLSelectElement
const shown = (label: string) => within(section()).getByText(label).nextElementSibling?.textContent
const shownCity = () => shown('City')

testMachinePaths(profileMachine, {
  input: { profile },
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/profile')
    await waitFor(() => section())
    return view
  },
  events: profilePathEvents,
  // A cancel after a refused or failed save must bring back the saved details, not only after
  // an untouched edit.
  fromEveryContext: true,
  exec: {
    edit: ({ user }) =>
      user.click(within(section()).getByRole('button', { name: 'Edit your details' })),
    cancel: ({ user }) => user.click(within(section()).getByRole('button', { name: 'Cancel' })),
    retry: ({ user }) => user.click(within(section()).getByRole('button', { name: 'Try again' })),
    save: async ({ user }, event) => {
      await user.clear(city())
      await user.type(city(), event.values.city)
      await user.selectOptions(state(), event.values.state)
      await user.click(within(section()).getByRole('button', { name: 'Save your details' }))
    },
    'xstate.done.actor.updateProfile': async (_, event) => {
      const request = await network.next('/api/v1/me')
      expect(request.method).toBe('PATCH')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      expect(request.body).toEqual(moved)
      request.respond(200, event.output)
    },
    'xstate.error.actor.updateProfile': async (_, event) => {
      const request = await network.next('/api/v1/me')
      request.failWith(event.error)
    },
  },
  states: {
    viewing: async ({ snapshot }) => {
      await waitFor(() => expect(shownCity()).toBe(snapshot.context.saved.city))
      // Choices by their names: the state's, the country's in the page's language.
      expect([shown('State'), shown('Country')]).toEqual([
        snapshot.context.saved.state === 'OAX' ? 'Oaxaca' : 'Ciudad de México',
        'Mexico',
      ])
      expect(within(section()).queryByRole('status')).toBeNull()
    },
    editing: async ({ snapshot }) => {
      await waitFor(() => expect(city().value).toBe(snapshot.context.values.city))
      expect(state().value).toBe(snapshot.context.values.state)
      if (snapshot.context.refusedSubmissions > 0 && snapshot.context.values.state === '') {
        expect(within(section()).getByRole('alert').textContent).toBe(
          'Please check the highlighted fields.',
        )
        expect(document.activeElement).toBe(state())
        const described = state().getAttribute('aria-describedby') ?? ''
        expect(document.getElementById(described.split(' ').at(-1) ?? '')?.textContent).toBe(
          'Select the state: an address in Mexico needs it.',
        )
      }
    },
    saving: async () => {
      await waitFor(() =>
        expect(
          within(section()).getByRole('button', { name: 'Saving…' }).getAttribute('aria-disabled'),
        ).toBe('true'),
      )
    },
    saved: async ({ view }) => {
      await waitFor(() => expect(shownCity()).toBe(moved.city))
      expect(document.activeElement?.textContent).toBe('Your details are saved.')
      // The session holds the new details too: every other page (and this one, opened again)
      // reads them from there.
      const session = await view.router.options.context.session.load()
      expect(session.view().user?.profile).toEqual(moved)
    },
    error: async ({ snapshot }) => {
      await waitFor(() =>
        expect(document.activeElement?.textContent).toBe(
          snapshot.context.message ?? 'Your details could not be saved. Please try again.',
        ),
      )
    },
  },
})
