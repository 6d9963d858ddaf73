import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { settingsMenuMachine } from '../../../machines/disclosure-machine'
import { controlledElement } from '../../../tests/paths/controlled-element'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderApp } from '../../../tests/paths/render-app'

const bar = () => screen.getByRole('navigation', { name: /^(Quick navigation|Navegación rápida)$/ })
const button = () => within(bar()).getByRole('button', { name: /^(Settings|Ajustes)$/ })
const panel = () => controlledElement(button(), 'settings')

testMachinePaths(settingsMenuMachine, {
  // A service page: switching language there navigates (to the Spanish twin) from inside
  // the open panel, which is how a navigation reaches this menu.
  render: () => renderApp('/services/web-applications'),
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
      expect(document.activeElement).toBe(
        within(bar()).getByRole('link', { name: /^(Contact|Contacto)$/ }),
      )
    },
    // To the other language's twin (a random walk may navigate again, from the Spanish page).
    navigated: async ({ user, view }) => {
      const spanish = view.router.state.location.pathname === '/servicios/aplicaciones-web'
      await user.click(
        within(panel()).getByRole('button', { name: spanish ? 'English' : 'Español' }),
      )
      await waitFor(() =>
        expect(view.router.state.location.pathname).toBe(
          spanish ? '/services/web-applications' : '/servicios/aplicaciones-web',
        ),
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
      within(panel()).getByRole('button', { name: /^(Dark theme|Tema oscuro)$/ })
      within(panel()).getByRole('group', { name: /^(Language|Idioma)$/ })
    },
  },
})
