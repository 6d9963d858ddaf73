import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { servicesMenuMachine } from '../../../machines/disclosure-machine'
import { controlledElement } from '../../../tests/paths/controlled-element'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderApp } from '../../../tests/paths/render-app'

const button = () => screen.getByRole('button', { name: 'Services' })
const panel = () => controlledElement(button(), 'Services')

testMachinePaths(servicesMenuMachine, {
  render: () => renderApp('/about'),
  exec: {
    toggle: ({ user }) => user.click(button()),
    escape: async ({ user }) => {
      // Tab into the open panel first: Escape from inside returns focus to the button.
      await user.tab()
      expect(panel().contains(document.activeElement)).toBe(true)
      await user.keyboard('{Escape}')
      expect(document.activeElement).toBe(button())
    },
    'outside.click': ({ user }) => user.click(screen.getByRole('main')),
    'focus.leave': async ({ user }) => {
      const links = within(panel()).getAllByRole('link')
      links.at(-1)?.focus()
      await user.tab()
      const mainNav = screen.getByRole('navigation', { name: 'Main' })
      // The header's next link after the services menu.
      expect(document.activeElement).toBe(within(mainNav).getByRole('link', { name: 'Our work' }))
    },
    navigated: async ({ user, view }) => {
      await user.click(within(panel()).getByRole('link', { name: 'Web applications' }))
      await waitFor(() =>
        expect(view.router.state.location.pathname).toBe('/services/web-applications'),
      )
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
      const headings = within(panel())
        .getAllByRole('heading')
        .map((h) => h.textContent)
      expect(headings).toEqual([
        'Web development',
        'UX/UI design',
        'SEO and marketing',
        'Maintenance and support',
        'Advanced solutions',
      ])
      const serviceLinks = within(panel())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/services/'))
      expect(serviceLinks).toHaveLength(25)
    },
  },
})
