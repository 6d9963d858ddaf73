import { describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { controlled, servicesButton, waitForHydration } from './navigation-helpers'

const { open } = withBrowser()

const mobile = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** A readable list of what axe found, so a failure says what to fix. */
const summary = (violations: Awaited<ReturnType<typeof axeViolations>>) =>
  violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )

describe('axe-core on the navigation', () => {
  it.each(['light', 'dark'] as const)(
    '/ on desktop with the mega-menu open (%s theme): no violations',
    async (theme) => {
      const { page } = await open('/', { colorScheme: theme })
      await page.evaluate((value) => localStorage.setItem('agency-site:theme', value), theme)
      await page.reload()
      await waitForHydration(page)
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
      const button = servicesButton(page)
      await button.click()
      expect(await (await controlled(page, button)).isVisible()).toBe(true)
      expect(summary(await axeViolations(page))).toEqual([])
    },
  )

  it('/ on desktop with the language menu open: no violations', async () => {
    const { page } = await open('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: /^Language English$/ }).click()
    expect(summary(await axeViolations(page))).toEqual([])
  })

  it('/ at 390×844 in the dark theme, bar and settings panel open: no violations', async () => {
    const { page } = await open('/', mobile)
    await waitForHydration(page, '.mobile-bar button')
    const settings = page.getByRole('button', { name: 'Settings' })
    await settings.click()
    await page.getByRole('button', { name: 'Dark theme' }).click()
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    expect(summary(await axeViolations(page))).toEqual([])
    await settings.click()
    expect(summary(await axeViolations(page))).toEqual([])
  })

  it('a Spanish service page at 390×844 in the dark theme: no violations', async () => {
    const { page } = await open('/servicios/aplicaciones-web', mobile)
    await page.evaluate(() => localStorage.setItem('agency-site:theme', 'dark'))
    await page.reload()
    await waitForHydration(page, '.mobile-bar button')
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    expect(summary(await axeViolations(page))).toEqual([])
  })
})
