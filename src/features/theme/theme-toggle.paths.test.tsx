import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { themeStorageKey } from '../../../domain/theme'
import { themeMachine } from '../../../machines/theme-machine'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderApp } from '../../../tests/paths/render-app'

// The header's toggle: the settings panel's one is hidden while that panel is closed.
const toggle = () => screen.getByRole('button', { name: 'Dark theme' })
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content')

testMachinePaths(themeMachine, {
  // The page may start either way (the stored choice is applied before the app starts).
  inputs: [{ theme: 'light' }, { theme: 'dark' }],
  render: (input) => renderApp('/about', { theme: input?.theme ?? 'light' }),
  exec: {
    toggle: async ({ user, snapshot }) => {
      await user.click(toggle())
      // The toggle both paints and remembers the new theme.
      expect(localStorage.getItem(themeStorageKey)).toBe(
        snapshot.matches('dark') ? 'dark' : 'light',
      )
    },
  },
  states: {
    light: () => {
      expect(document.documentElement.dataset.theme).toBe('light')
      expect(themeColor()).toBe('#E0E5EC')
      expect(toggle().getAttribute('aria-pressed')).toBe('false')
    },
    dark: () => {
      expect(document.documentElement.dataset.theme).toBe('dark')
      expect(themeColor()).toBe('#1E1E1E')
      expect(toggle().getAttribute('aria-pressed')).toBe('true')
    },
  },
})
