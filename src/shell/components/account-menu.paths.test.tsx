import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { accountMenuMachine } from '../../../machines/disclosure-machine'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { testUser } from '../../../tests/fixtures/account-user'
import { controlledElement } from '../../../tests/paths/controlled-element'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderApp } from '../../../tests/paths/render-app'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const header = () => screen.getByRole('navigation', { name: 'Main' })
const button = () => within(header()).getByRole('button', { name: 'Account of Ana' })
const panel = () => controlledElement(button(), 'account')

testMachinePaths(accountMenuMachine, {
  // Signed in on a page of the site: the header shows the account button.
  render: async () => {
    network = installFakeNetwork()
    const view = await renderApp('/about')
    const session = await view.router.options.context.session.load()
    act(() => session.signedIn({ success: true, message: 'Welcome.', user: testUser }))
    await waitFor(() => button())
    return view
  },
  exec: {
    toggle: ({ user }) => user.click(button()),
    escape: async ({ user }) => {
      await user.tab()
      expect(panel().contains(document.activeElement)).toBe(true)
      await user.keyboard('{Escape}')
      expect(document.activeElement).toBe(button())
    },
    'outside.click': ({ user }) => user.click(screen.getByRole('main')),
    'focus.leave': async ({ user }) => {
      button().focus()
      await user.tab({ shift: true })
      expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Contact' }))
    },
    // To another page than the one shown (a link to the page itself navigates nowhere): a
    // random walk may navigate twice.
    navigated: async ({ user, view }) => {
      const [name, to] =
        view.router.state.location.pathname === '/my-services'
          ? ['Profile', '/profile']
          : ['My services', '/my-services']
      await user.click(within(panel()).getByRole('link', { name }))
      await waitFor(() => expect(view.router.state.location.pathname).toBe(to))
    },
  },
  states: {
    closed: () => {
      expect(button().getAttribute('aria-expanded')).toBe('false')
      expect(panel().hidden).toBe(true)
    },
    open: () => {
      expect(button().getAttribute('aria-expanded')).toBe('true')
      expect(panel().hidden).toBe(false)
      expect(
        within(panel())
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['My services', '/my-services'],
        ['Profile', '/profile'],
        ['Sign out', '/logout'],
      ])
    },
  },
})
