import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'

const { open } = withBrowser()

const themeColor = (page: import('playwright-core').Page) =>
  page.getAttribute('meta[name="theme-color"]', 'content')

describe('theme', () => {
  it('starts light, toggles to dark, and is dark before first paint after a reload', async () => {
    const { page } = await open('/')
    await page.locator('main h1').waitFor()
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    expect(await themeColor(page)).toBe('#E0E5EC')

    // A click before hydration is replayed once the app runs (docs/decisions/016).
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark')
    await expect.poll(() => themeColor(page)).toBe('#1E1E1E')

    // Record the background as soon as the DOM is parsed, before any module script runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { __bgAtDcl?: string }
        w.__bgAtDcl = getComputedStyle(document.documentElement).backgroundColor
      })
    })
    await page.reload()
    await page.locator('main h1').waitFor()
    const background = await page.evaluate(
      () => (window as unknown as { __bgAtDcl?: string }).__bgAtDcl,
    )
    expect(background).toBe('rgb(30, 30, 30)')
    expect(await themeColor(page)).toBe('#1E1E1E')
  })
})
