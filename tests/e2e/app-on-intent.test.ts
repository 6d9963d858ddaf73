import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { slideIntervalMs } from '../../machines/slideshow-machine'
import { withBrowser } from './fixtures'

// A public page loads the app when the visitor is about to use it (docs/decisions/068): the
// prerendered page works on its own until then, its links are links, and the intent that
// precedes a click (the pointer over a button, focus in a field) starts the scripts.
const { open, baseURL } = withBrowser()

/** Opens `path` and records the app's script requests from the start. */
async function openRecorded(path: string, options?: BrowserContextOptions) {
  const opened = await open('/robots.txt', options)
  const scripts: string[] = []
  opened.page.on('request', (request) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(request.url()).pathname)) scripts.push(request.url())
  })
  await opened.page.goto(path)
  await settled(opened.page)
  return { ...opened, scripts }
}

/** Loaded, the network quiet and the browser idle once. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  )
  await page.waitForLoadState('networkidle')
}

describe('the app loads on the visitor’s first intent', () => {
  it('/about loads no script until the pointer comes over a button; the click then works', async () => {
    const { page, scripts, errors } = await openRecorded('/about')
    expect(scripts).toEqual([])
    const button = page.locator('.site-header .language-menu > button')
    const requested = page.waitForRequest(/\/assets\/[^/]+\.js$/)
    await button.hover()
    // The hover alone asked for the scripts, before any click.
    await requested
    await button.click()
    await page.locator('.language-menu-panel').waitFor({ state: 'visible' })
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(errors).toEqual([])
  })

  it('a link followed before the app loads is an ordinary page load of the next page', async () => {
    const { page, scripts } = await openRecorded('/about')
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.locator('.site-header a[href="/contact"]').first().click()
    await page.waitForURL('**/contact')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await settled(page)
    // A new document, and still no script: the link needed none.
    expect(await page.evaluate(() => 'samePage' in window)).toBe(false)
    expect(scripts).toEqual([])
  })

  it('focus in a field starts the app, and what was typed meanwhile reaches the form', async () => {
    const { page, scripts } = await openRecorded('/contact')
    expect(scripts).toEqual([])
    // The scripts wait until the typing is done: it all comes before the app listens.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/*.js', async (route) => {
      await released
      await route.continue()
    })
    const name = page.getByRole('textbox', { name: /^Your name/ })
    await name.focus()
    await page.keyboard.type('Ana')
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
    release()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(scripts.length).toBeGreaterThan(0)
    expect(await name.inputValue()).toBe('Ana')
  })

  it('a form scrolled near the viewport starts the app before the visitor reaches it', async () => {
    // A screen so low that the contact form starts below it (and below its half-screen margin).
    const { page, scripts } = await openRecorded('/contact', {
      viewport: { width: 390, height: 200 },
    })
    const form = page.locator('main form').first()
    expect(await form.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
      200 * 1.5,
    )
    expect(scripts).toEqual([])
    await page.mouse.wheel(0, 200)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(scripts.length).toBeGreaterThan(0)
  })

  it('the home page under reduced motion (no rotation) waits for intent, its island too', async () => {
    const { scripts } = await openRecorded('/', { reducedMotion: 'reduce' })
    expect(scripts).toEqual([])
  })

  it('the home page runs its slideshow alone at load; the app takes it over on intent, on the same slide', async () => {
    const { page, errors } = await open('/robots.txt')
    const scripts: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/^\/assets\/[^/]+\.js$/.test(pathname)) scripts.push(pathname)
    })
    // The page's clock is the test's: the rotation is moved on, not waited for. Installed on a
    // blank page: robots.txt is sandboxed, and the clock's script there is a console error.
    await page.goto('about:blank')
    await page.clock.install()
    await page.goto('/')
    await settled(page)
    const shown = () => page.locator('.slide[data-shown="true"]').getAttribute('aria-label')
    expect(await shown()).toBe('1 of 3')
    await page.clock.runFor(slideIntervalMs)
    await expect.poll(shown).toBe('2 of 3')
    // It rotated with the island's files alone (its entry, the file it shares with the app, the
    // bundler's runtime): no app.
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((path) => !/\/(island-slideshow|rolldown-runtime)/.test(path))).toEqual(
      [],
    )
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()

    // The island's own controls answer by themselves: the pointer over them and a click move
    // the slide without asking for the app.
    await page.getByRole('button', { name: 'Next slide' }).click()
    await expect.poll(shown).toBe('3 of 3')
    expect(scripts.filter((path) => !/\/(island-slideshow|rolldown-runtime)/.test(path))).toEqual(
      [],
    )
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()

    await page.locator('.site-header button').first().hover()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    // The app's carousel took the island's machine over: the same slide, held while the focus
    // is still on its Next button; once the focus leaves, on with the rotation.
    expect(await shown()).toBe('3 of 3')
    expect(await page.locator('#slideshow-slides').getAttribute('aria-live')).toBe('polite')
    await page.locator('main h1').first().click()
    await expect.poll(() => page.locator('#slideshow-slides').getAttribute('aria-live')).toBe('off')
    await page.clock.runFor(slideIntervalMs)
    await expect.poll(shown).toBe('1 of 3')
    // One machine drives it: the next interval moves it once.
    await page.clock.runFor(slideIntervalMs)
    await expect.poll(shown).toBe('2 of 3')
    expect(errors).toEqual([])
  })

  it('the home page’s slideshow paused before the app loads stays paused on its slide', async () => {
    const { page, errors } = await open('/robots.txt')
    await page.goto('about:blank')
    await page.clock.install()
    await page.goto('/')
    await settled(page)
    await page.getByRole('button', { name: 'Next slide' }).dispatchEvent('click')
    await page.getByRole('button', { name: 'Pause slideshow' }).dispatchEvent('click')
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor()
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
    await page.locator('.site-header button').first().hover()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.clock.runFor(2 * slideIntervalMs)
    const shown = page.locator('.slide[data-shown="true"]')
    expect(await shown.getAttribute('aria-label')).toBe('2 of 3')
    await page.getByRole('button', { name: 'Play slideshow' }).dispatchEvent('click')
    await page.getByRole('button', { name: 'Pause slideshow' }).waitFor()
    expect(errors).toEqual([])
  })

  it.each([
    ['a page seen by a signed-in visitor (the hint cookie)', '/about', { hint: true }],
    ['a page that acts as it arrives (signing out)', '/logout', {}],
    ['a page that acts as it arrives (a link’s token)', '/reset-password?token=x', {}],
  ])('loads at once for %s', async (_name, path, { hint }: { hint?: boolean }) => {
    const { page, context } = await open('/robots.txt')
    if (hint) await context.addCookies([{ name: 'signed-in', value: '1', url: baseURL }])
    await page.goto(path)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  })
})
