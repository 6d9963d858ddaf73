import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { themeStorageKey } from '../../../domain/theme'
import { themeMachine } from '../../../machines/theme-machine'
import { testMachinePathsInBrowser } from './browser-paths'

const toggle = (page: Page) => page.getByRole('button', { name: 'Dark theme' }).first()
const shows = async (page: Page, theme: 'light' | 'dark') => {
  expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
  expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe(
    theme === 'dark' ? '#1E1E1E' : '#E0E5EC',
  )
  expect(await toggle(page).getAttribute('aria-pressed')).toBe(String(theme === 'dark'))
}

testMachinePathsInBrowser(themeMachine, {
  // The stored choice is painted before the app starts; the machine starts from what it shows.
  inputs: [{ theme: 'light' }, { theme: 'dark' }],
  prepare: (page, input) =>
    page.evaluate(([key, theme]) => localStorage.setItem(key, theme), [
      themeStorageKey,
      input?.theme ?? 'light',
    ] as const),
  url: () => '/about',
  exec: {
    toggle: async ({ page, snapshot }) => {
      await toggle(page).click()
      expect(await page.evaluate((key) => localStorage.getItem(key), themeStorageKey)).toBe(
        snapshot.matches('dark') ? 'dark' : 'light',
      )
    },
  },
  states: {
    light: ({ page }) => shows(page, 'light'),
    dark: ({ page }) => shows(page, 'dark'),
  },
})
