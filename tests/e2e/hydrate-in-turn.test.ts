import type { BrowserContextOptions } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'
import { waitForHydration } from './navigation-helpers'

// The parts of a page that hydrate after its controls (src/ui/hydrate-in-turn.tsx,
// docs/decisions/024) keep the server's markup — the very nodes, not a copy — and work as the
// app's once the page is live: a link in them navigates inside the app, without a page load.
const { open } = withBrowser()
const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
}

/** One element of each part on the page, found before any script ran. */
const partsOf: Record<string, readonly string[]> = {
  '/': [
    '.site-header .brand',
    '.site-header .section-link a',
    '.mega-menu .mega-menu-columns a',
    '.mega-menu .mega-menu-all a',
    '.slide .button',
    '.home-cards .feature-card a',
    '.site-footer a',
    '.mobile-bar .bar-item',
  ],
  '/services/web-development': ['main article.service-page', '.service-page .related a'],
}

describe('parts hydrated in turn', () => {
  it.each(Object.keys(partsOf))('%s keeps the server’s nodes of every part', async (path) => {
    const selectors = partsOf[path] ?? []
    const { page, errors } = await open('/robots.txt')
    await page.addInitScript((list) => {
      document.addEventListener('DOMContentLoaded', () => {
        const found = list.map((selector) => document.querySelector(selector))
        Object.assign(window, { serverNodes: found })
      })
    }, selectors)
    await page.goto(path)
    await waitForHydration(page)
    const kept = await page.evaluate((list) => {
      const server = (window as unknown as { serverNodes: (Element | null)[] }).serverNodes
      return list.map((selector, index) => {
        const node = server[index]
        return `${selector}: ${node !== null && node === document.querySelector(selector) && node.isConnected}`
      })
    }, selectors)
    expect(kept).toEqual(selectors.map((selector) => `${selector}: true`))
    expect(errors).toEqual([])
  })

  it('a mega-menu link navigates inside the app once the page is live', async () => {
    const { page, errors } = await open('/')
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('button', { name: 'Services' }).click()
    await page.locator('.mega-menu').getByRole('link', { name: 'Web development' }).click()
    await page.waitForURL('**/services/web-development')
    await page.getByRole('heading', { level: 1, name: 'Web development' }).waitFor()
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
    expect(errors).toEqual([])
  })

  it('a mobile bar link navigates inside the app once the page is live', async () => {
    const { page, errors } = await open('/', phone)
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.locator('.mobile-bar').getByRole('link', { name: 'About' }).click()
    await page.waitForURL('**/about')
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
    expect(errors).toEqual([])
  })
})
