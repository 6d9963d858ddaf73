import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'
import { controlled, servicesButton } from './navigation-helpers'

// A phone on a slow network (Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbit/s down, and a
// 4× slower CPU): the prerendered controls are on screen long before the scripts, which load
// after the page has painted. A control clicked within the first second must still do its job
// once the app runs (docs/decisions/016).
const { open } = withBrowser()
const desktop = { viewport: { width: 1280, height: 800 } }
const mobile = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

async function throttledPage(options: BrowserContextOptions): Promise<Page> {
  const { page, context } = await open('/robots.txt', options)
  // When, after the navigation started, the page saw its first click (the page's own clock:
  // the test runner's overhead on a busy machine does not count).
  await context.addInitScript(() => {
    addEventListener(
      'click',
      () => {
        document.documentElement.dataset.firstClickMs = String(Math.round(performance.now()))
      },
      { capture: true, once: true },
    )
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1638.4 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return page
}

const hydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))

/**
 * Opens `path` throttled and clicks `target` as soon as it is on screen; checks that this
 * happened within the first second and before the app had hydrated (or the test would prove
 * nothing), then waits for the app.
 */
async function clickEarly(page: Page, path: string, target: (page: Page) => Locator) {
  await page.goto(path, { waitUntil: 'commit' })
  // force: no actionability polling, which takes whole seconds on a throttled, busy CPU.
  await target(page).click({ timeout: 5000, force: true })
  expect(await hydrated(page), 'the click came before the app had hydrated').toBe(false)
  const clickedAt = Number(await page.getAttribute('html', 'data-first-click-ms'))
  expect(clickedAt, 'the click came within the first second').toBeLessThan(1000)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
}

describe('controls clicked during the first second of a throttled load', () => {
  it('the services mega menu opens', async () => {
    const page = await throttledPage(desktop)
    await clickEarly(page, '/', servicesButton)
    const menu = await controlled(page, servicesButton(page))
    await menu.waitFor({ state: 'visible' })
    expect(await servicesButton(page).getAttribute('aria-expanded')).toBe('true')
  })

  it('the language switch opens and switches the language', async () => {
    const page = await throttledPage(desktop)
    const languageButton = (p: Page) =>
      p.locator('.site-header .language-menu > button.disclosure-button')
    await clickEarly(page, '/about', languageButton)
    await page.locator('.language-menu-panel').waitFor({ state: 'visible' })
    await page.locator('.language-menu-panel button[lang="es"]').click()
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' })
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('es')
  })

  it('the slideshow’s next, pause and dot buttons act', async () => {
    const page = await throttledPage(desktop)
    await clickEarly(page, '/', (p) => p.getByRole('button', { name: 'Next slide' }))
    // Next moved to slide 2.
    await expect
      .poll(() => page.locator('.slide[data-shown="true"]').getAttribute('aria-label'))
      .toBe('2 of 3')

    const paused = await throttledPage(desktop)
    await clickEarly(paused, '/', (p) => p.getByRole('button', { name: 'Pause slideshow' }))
    await paused.getByRole('button', { name: 'Play slideshow' }).waitFor()

    const dot = await throttledPage(desktop)
    await clickEarly(dot, '/', (p) => p.getByRole('button', { name: 'Show slide 3' }))
    await expect
      .poll(() => dot.locator('.slide[data-shown="true"]').getAttribute('aria-label'))
      .toBe('3 of 3')
  })

  it('the mobile settings menu opens, and its language switch works', async () => {
    const page = await throttledPage(mobile)
    const settings = (p: Page) => p.locator('.mobile-bar .settings-menu > button')
    await clickEarly(page, '/', settings)
    await page.locator('.settings-panel').waitFor({ state: 'visible' })
    expect(await settings(page).getAttribute('aria-expanded')).toBe('true')
    await page.locator('.settings-panel .language-switch button[lang="es"]').click()
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' })
    expect(
      await page
        .locator('.settings-panel .language-switch button[lang="es"]')
        .getAttribute('aria-pressed'),
    ).toBe('true')
  })
})
