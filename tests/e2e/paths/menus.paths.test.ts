import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { servicesMenuMachine, settingsMenuMachine } from '../../../machines/disclosure-machine'
import { languageMenuMachine } from '../../../machines/language-menu-machine'
import { controlled, servicesButton } from '../navigation-helpers'
import { testMachinePathsInBrowser } from './browser-paths'

// The header's and the mobile bar's disclosures, driven by keyboard and pointer in Chromium.

const expanded = async (page: Page, button: ReturnType<Page['getByRole']>, open: boolean) => {
  expect(await button.getAttribute('aria-expanded')).toBe(String(open))
  expect(await (await controlled(page, button)).isVisible()).toBe(open)
}
const isFocused = (button: ReturnType<Page['getByRole']>) =>
  button.evaluate((element) => element === document.activeElement)

testMachinePathsInBrowser(servicesMenuMachine, {
  url: () => '/about',
  exec: {
    toggle: ({ page }) => servicesButton(page).click(),
    escape: async ({ page }) => {
      await page.keyboard.press('Tab')
      const panel = await controlled(page, servicesButton(page))
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true)
      await page.keyboard.press('Escape')
      expect(await isFocused(servicesButton(page))).toBe(true)
    },
    'outside.click': ({ page }) => page.locator('footer').click({ position: { x: 2, y: 2 } }),
    'focus.leave': async ({ page }) => {
      const panel = await controlled(page, servicesButton(page))
      await panel.getByRole('link').last().focus()
      await page.keyboard.press('Tab')
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(
        false,
      )
    },
    navigated: async ({ page }) => {
      const panel = await controlled(page, servicesButton(page))
      await panel.getByRole('link', { name: 'Web applications' }).click()
      await page.waitForURL('**/services/web-applications')
    },
  },
  states: {
    closed: ({ page }) => expanded(page, servicesButton(page), false),
    open: async ({ page }) => {
      await expanded(page, servicesButton(page), true)
      const panel = await controlled(page, servicesButton(page))
      expect(await panel.getByRole('heading').count()).toBe(5)
    },
  },
})

const languageButton = (page: Page) => page.getByRole('button', { name: /^(Language|Idioma) / })

testMachinePathsInBrowser(languageMenuMachine, {
  url: () => '/services/web-applications',
  events: () => [
    { type: 'select', locale: 'es' },
    { type: 'select', locale: 'en' },
  ],
  exec: {
    toggle: ({ page }) => languageButton(page).click(),
    escape: async ({ page }) => {
      await page.keyboard.press('Tab')
      await page.keyboard.press('Escape')
      expect(await isFocused(languageButton(page))).toBe(true)
    },
    'outside.click': ({ page }) => page.locator('footer').click({ position: { x: 2, y: 2 } }),
    'focus.leave': async ({ page }) => {
      const panel = await controlled(page, languageButton(page))
      await panel.getByRole('button').last().focus()
      await page.keyboard.press('Tab')
    },
    select: async ({ page }, event) => {
      const panel = await controlled(page, languageButton(page))
      await panel
        .getByRole('button', { name: event.locale === 'es' ? 'Español' : 'English' })
        .click()
      await page.waitForURL(
        event.locale === 'es' ? '**/servicios/aplicaciones-web' : '**/services/web-applications',
      )
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe(event.locale)
    },
  },
  states: {
    closed: ({ page }) => expanded(page, languageButton(page), false),
    open: ({ page }) => expanded(page, languageButton(page), true),
  },
})

const bar = (page: Page) =>
  page.getByRole('navigation', { name: /^(Quick navigation|Navegación rápida)$/ })
const settingsButton = (page: Page) =>
  bar(page).getByRole('button', { name: /^(Settings|Ajustes)$/ })

testMachinePathsInBrowser(settingsMenuMachine, {
  url: () => '/services/web-applications',
  context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  ready: 'nav button',
  exec: {
    toggle: ({ page }) => settingsButton(page).click(),
    escape: async ({ page }) => {
      await page.keyboard.press('Tab')
      await page.keyboard.press('Escape')
      expect(await isFocused(settingsButton(page))).toBe(true)
    },
    'outside.click': ({ page }) => page.locator('main h1').click(),
    'focus.leave': async ({ page }) => {
      await settingsButton(page).focus()
      await page.keyboard.press('Shift+Tab')
    },
    navigated: async ({ page }) => {
      const panel = await controlled(page, settingsButton(page))
      await panel.getByRole('button', { name: 'Español' }).click()
      await page.waitForURL('**/servicios/aplicaciones-web')
    },
  },
  states: {
    closed: ({ page }) => expanded(page, settingsButton(page), false),
    open: ({ page }) => expanded(page, settingsButton(page), true),
  },
})
