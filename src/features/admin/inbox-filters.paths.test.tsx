import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { inboxFiltersMachine } from '../../../machines/disclosure-machine'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { controlledElement } from '../../../tests/paths/controlled-element'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

// jsdom applies no media query: the button and its form are both in the document, as on a
// phone; the form's `data-open` is what the phone's style folds away.
const button = () => screen.getByRole('button', { name: /^Filters/ })
const form = () => controlledElement(button(), 'filters')

testMachinePaths(inboxFiltersMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn('/admin', testAdmin)
    await screen.findByRole('button', { name: /^Filters/ })
    return view
  },
  exec: {
    toggle: ({ user }) => user.click(button()),
    escape: async ({ user }) => {
      await user.click(within(form()).getByRole('searchbox', { name: 'Name, email or number' }))
      await user.keyboard('{Escape}')
      expect(document.activeElement).toBe(button())
    },
    // Applying a filter shows the list it covered; the button then counts it.
    applied: async ({ user, view }) => {
      const awaiting = within(form()).getByRole('checkbox', { name: 'Awaiting our reply' })
      await user.click(awaiting)
      await user.click(within(form()).getByRole('button', { name: 'Apply filters' }))
      await waitFor(() =>
        expect(view.router.state.location.search).toMatchObject(
          (awaiting as HTMLInputElement).checked ? { awaiting: 'yes' } : {},
        ),
      )
    },
  },
  states: {
    closed: () => {
      expect(button().getAttribute('aria-expanded')).toBe('false')
      expect(form().dataset.open).toBe('false')
    },
    open: () => {
      expect(button().getAttribute('aria-expanded')).toBe('true')
      expect(form().dataset.open).toBe('true')
      within(form()).getByRole('button', { name: 'Apply filters' })
    },
  },
})
