import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { themeStorageKey } from '../../domain/theme'
import { slideIntervalMs } from '../../machines/slideshow-machine'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { waitForHydration } from './navigation-helpers'

const { open } = withBrowser()
const baseURL = inject('baseURL')

/** The accessible name of the one slide not hidden from assistive tech ("2 of 3"). */
async function shownSlide(page: Page): Promise<string> {
  const shown = page.locator('#slideshow-slides > [role="group"]:not([aria-hidden="true"])')
  expect(await shown.count()).toBe(1)
  return (await shown.getAttribute('aria-label')) ?? ''
}

/**
 * Opens `/` with Playwright's clock installed and paused before the page's scripts run, so
 * the slideshow's 5 s timer only fires when the test runs the clock; waits for hydration.
 */
async function openWithClock(options: BrowserContextOptions = {}): Promise<Page> {
  const { page } = await open('/robots.txt', options)
  const start = new Date('2026-03-02T09:00:00Z')
  await page.clock.install({ time: start })
  // A minute ahead: the installed clock runs until the pause, and pausing at a time it has
  // passed fails ("Cannot fast-forward to the past"), as a second ahead can on a loaded machine.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000))
  await page.goto('/')
  // The page requests its scripts after the load event and a frame (docs/decisions/016):
  // let that frame happen on the paused clock, then wait for hydration in real time.
  await page.clock.runFor(100)
  await waitForHydration(page, '.slideshow-button')
  return page
}

/** Takes pointer and focus out of the slideshow, as a visitor reading elsewhere would. */
async function leaveSlideshow(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await page.locator('main h1').click()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

const slideLinks = (page: Page) =>
  page
    .locator('#slideshow-slides > [role="group"] a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))

describe('the home page slideshow', () => {
  it('shows slide 1 of 3 first and, left alone, goes 1 → 2 → 3 → 1 every 5 s', async () => {
    const page = await openWithClock()
    const slides = page.locator('#slideshow-slides > [role="group"]')
    expect(await slides.count()).toBe(3)
    expect(
      await slides.evaluateAll((all) => all.map((s) => s.getAttribute('aria-roledescription'))),
    ).toEqual(['slide', 'slide', 'slide'])
    expect(await page.getAttribute('.slideshow', 'aria-roledescription')).toBe('carousel')
    expect(await shownSlide(page)).toBe('1 of 3')
    // Hidden slides are out of the accessibility tree and cannot take focus.
    expect(await page.getByRole('group', { name: '2 of 3' }).count()).toBe(0)
    expect(await slides.nth(1).evaluate((s) => (s as HTMLElement).inert)).toBe(true)
    expect(await page.getAttribute('#slideshow-slides', 'aria-live')).toBe('off')

    await page.clock.runFor(slideIntervalMs - 1)
    expect(await shownSlide(page)).toBe('1 of 3')
    await page.clock.runFor(1)
    expect(await shownSlide(page)).toBe('2 of 3')
    await page.clock.runFor(slideIntervalMs)
    expect(await shownSlide(page)).toBe('3 of 3')
    await page.clock.runFor(slideIntervalMs)
    expect(await shownSlide(page)).toBe('1 of 3')
    await page.getByRole('group', { name: '1 of 3' }).waitFor()
  })

  it('wraps previous from 1 to 3 and next from 3 to 1; the dot "3" shows slide 3', async () => {
    const page = await openWithClock()
    await page.getByRole('button', { name: 'Previous slide' }).click()
    expect(await shownSlide(page)).toBe('3 of 3')
    // Focus is inside: rotation holds and the live region announces the change.
    expect(await page.getAttribute('#slideshow-slides', 'aria-live')).toBe('polite')
    await page.getByRole('button', { name: 'Next slide' }).click()
    expect(await shownSlide(page)).toBe('1 of 3')
    await page.getByRole('button', { name: 'Show slide 3' }).click()
    expect(await shownSlide(page)).toBe('3 of 3')
    expect(await page.getAttribute('[aria-label="Show slide 3"]', 'aria-current')).toBe('true')
  })

  it('puts pause first in the tab order; pausing stops rotation (6 s) until play', async () => {
    const page = await openWithClock()
    const focusable = await page.locator('.slideshow').evaluate((region) => {
      const first = region.querySelector('a[href], button, input, select, textarea, [tabindex]')
      return first?.getAttribute('aria-label')
    })
    expect(focusable).toBe('Pause slideshow')
    await page.locator('main').focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Pause slideshow',
    )

    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor()
    await leaveSlideshow(page)
    await page.clock.runFor(6000)
    expect(await shownSlide(page)).toBe('1 of 3')
    expect(await page.getAttribute('#slideshow-slides', 'aria-live')).toBe('polite')

    await page.getByRole('button', { name: 'Play slideshow' }).click()
    await leaveSlideshow(page)
    await page.clock.runFor(slideIntervalMs)
    expect(await shownSlide(page)).toBe('2 of 3')
    expect(await page.getAttribute('#slideshow-slides', 'aria-live')).toBe('off')
  })

  it('holds rotation while the pointer is over it and resumes when it leaves', async () => {
    const page = await openWithClock()
    await page.locator('.slideshow').hover()
    await page.clock.runFor(6000)
    expect(await shownSlide(page)).toBe('1 of 3')
    await page.mouse.move(1, 1)
    await page.clock.runFor(slideIntervalMs)
    expect(await shownSlide(page)).toBe('2 of 3')
  })

  it('never rotates under prefers-reduced-motion: reduce', async () => {
    const page = await openWithClock({ reducedMotion: 'reduce' })
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor()
    await page.clock.runFor(3 * slideIntervalMs)
    expect(await shownSlide(page)).toBe('1 of 3')
  })

  it('is laid out before any script runs and never shifts the layout when slides change', async () => {
    const { page: noScript } = await open('/', { javaScriptEnabled: false })
    const visibility = await noScript
      .locator('#slideshow-slides > [role="group"]')
      .evaluateAll((all) => all.map((slide) => getComputedStyle(slide).visibility))
    expect(visibility).toEqual(['visible', 'hidden', 'hidden'])

    const page = await openWithClock()
    const box = await page.locator('.slideshow').boundingBox()
    // Watch for layout shifts inside <main> from here on: the slide change, not the page load.
    await page.evaluate(() => {
      type Shift = PerformanceEntry & { value: number; sources?: { node?: Node }[] }
      const w = window as unknown as { __shifts: number[] }
      w.__shifts = []
      new PerformanceObserver((list) => {
        const main = document.querySelector('main')
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.sources?.some((source) => source.node && main?.contains(source.node))) {
            w.__shifts.push(entry.value)
          }
        }
      }).observe({ type: 'layout-shift' })
    })
    await page.clock.runFor(slideIntervalMs)
    expect(await shownSlide(page)).toBe('2 of 3')
    // The CSS transition runs on real time (0.6 s): wait until it has finished, however long
    // a loaded machine takes.
    await page.locator('.slideshow').evaluate((slideshow) =>
      Promise.all(
        slideshow
          .getAnimations({ subtree: true })
          .filter(
            (animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished),
      ),
    )
    expect(await page.locator('.slideshow').boundingBox()).toEqual(box)
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)
    expect(shifts).toEqual([])
  })

  // A picture that appears later and is even one pixel larger than the first slide's counts
  // as a new Largest Contentful Paint, seconds after the page loaded (seen on the Spanish home
  // page on a phone, whose texts centred the pictures at other fractional offsets).
  it('gives every slide’s picture the very same box, in both languages, on phones and desktops', async () => {
    const screens: BrowserContextOptions[] = [
      { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
      { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true },
      { viewport: { width: 1280, height: 800 } },
      { viewport: { width: 1000, height: 700 } },
    ]
    for (const [locale, lang] of [
      ['en-US', 'en'],
      ['es-MX', 'es'],
    ]) {
      for (const screen of screens) {
        const { page } = await open('/', { ...screen, locale })
        await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' })
        const boxes = await page
          .locator('#slideshow-slides .slide-picture img')
          .evaluateAll((images) =>
            images.map((image) => {
              const { x, y, width, height } = image.getBoundingClientRect()
              return { x, y, width, height }
            }),
          )
        expect(boxes, `${lang} at ${screen.viewport?.width} px`).toHaveLength(3)
        expect(new Set(boxes.map((box) => JSON.stringify(box))).size, JSON.stringify(boxes)).toBe(1)
      }
    }
  })

  it('links the slides to /about, /services and /contact in English', async () => {
    const { page } = await open('/')
    expect(await slideLinks(page)).toEqual(['/about', '/services', '/contact'])
  })

  it('links the Spanish third slide to /servicios/aplicaciones-web, a real page', async () => {
    const page = await openWithClock({ locale: 'es-MX' })
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    expect(await slideLinks(page)).toEqual(['/about', '/servicios', '/servicios/aplicaciones-web'])
    await page.getByRole('button', { name: 'Mostrar la diapositiva 3' }).click()
    await page.getByRole('link', { name: 'Empieza tu aplicación web' }).click()
    await page.waitForURL('**/servicios/aplicaciones-web')
    await page.getByRole('heading', { level: 1, name: 'Aplicaciones web' }).waitFor()
  })
})

describe('the home page cards', () => {
  for (const [locale, learnMore, featured, prefix] of [
    ['en-US', 'Learn more', 'Featured', '/services/'],
    ['es-MX', 'Conoce más', 'Destacado', '/servicios/'],
  ] as const) {
    it(`has four "${learnMore}" links to real service pages and a "${featured}" badge (${locale})`, async () => {
      const { page } = await open('/', { locale })
      const links = page
        .locator('.feature-card')
        .getByRole('link', { name: new RegExp(`^${learnMore}`) })
      expect(await links.count()).toBe(4)
      const paths = await links.evaluateAll((all) =>
        all.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      )
      expect(new Set(paths).size).toBe(4)
      for (const path of paths) {
        expect(path.startsWith(prefix), path).toBe(true)
        expect((await fetch(`${baseURL}${path}`)).status, path).toBe(200)
      }
      expect(
        await page.locator('.feature-card .badge', { hasText: featured }).count(),
      ).toBeGreaterThanOrEqual(1)
    })
  }
})

describe('the home page images', () => {
  it('are sized AVIF/WebP; the hero is eager with high priority, the rest lazy', async () => {
    const { page } = await open('/')
    const images = page.locator('main img')
    const attributes = await images.evaluateAll((all) =>
      all.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchpriority: img.getAttribute('fetchpriority'),
        decoding: img.getAttribute('decoding'),
        alt: img.getAttribute('alt'),
        sources: [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) =>
          s.getAttribute('type'),
        ),
      })),
    )
    expect(attributes).toHaveLength(7)
    for (const image of attributes) {
      expect(Number(image.width)).toBeGreaterThan(0)
      expect(Number(image.height)).toBeGreaterThan(0)
      expect(image.alt?.length).toBeGreaterThan(0)
      expect(image.sources).toEqual(['image/avif', 'image/webp'])
    }
    const [hero, ...rest] = attributes
    expect(hero).toMatchObject({ loading: 'eager', fetchpriority: 'high' })
    for (const image of rest) expect(image).toMatchObject({ loading: 'lazy', decoding: 'async' })

    // Scroll everything into view: every image loads, as AVIF (Chromium supports it) or WebP.
    await page.locator('.feature-card').last().scrollIntoViewIfNeeded()
    await page.waitForFunction(() =>
      [...document.querySelectorAll('main .feature-card img')].every(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    )
    const loaded = await page.locator('main img').evaluateAll((all) =>
      all
        .map((img) => img as HTMLImageElement)
        .filter((img) => img.currentSrc)
        .map((img) => img.currentSrc),
    )
    expect(loaded.length).toBeGreaterThanOrEqual(5)
    // The first photo's 768-pixel AVIF is in the HTML itself (docs/decisions/048).
    for (const source of loaded)
      expect(source.startsWith('data:') ? source : new URL(source).pathname).toMatch(
        /^data:image\/avif;base64,|\.(avif|webp|svg)$/,
      )
  })
})

/** The slideshow's island's entry has arrived (the page's first script, with no intent). */
const islandArrives = (page: Page) =>
  page.waitForResponse((response) =>
    /\/assets\/island-slideshow-entry-[^/]+\.js$/.test(new URL(response.url()).pathname),
  )

describe('the home page’s loading order', () => {
  // The loader (scripts/prerender.mjs) asks for the scripts once the main picture, the page's
  // largest paint, is on screen: scripts requested before it would compete with it.
  it('requests its scripts only once the main picture is painted', async () => {
    // A screen that fetches its photo (at 2×; at 1× it is in the HTML, docs/decisions/048).
    const { page } = await open('/robots.txt', { deviceScaleFactor: 2 })
    // The picture arrives after the first paint, as on a slow link: the load event then comes
    // a frame before the picture is on screen.
    await page.route(/\/assets\/hero-bridge-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      await route.continue()
    })
    const island = islandArrives(page)
    await page.goto('/')
    // No intent: the slideshow's island loads by itself (docs/decisions/068).
    await island
    const { painted, firstScript } = await page.evaluate(async () => {
      type ElementTiming = PerformanceEntry & { identifier: string; renderTime: number }
      const entry = await new Promise<ElementTiming | undefined>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            (list.getEntries() as ElementTiming[]).find((e) => e.identifier === 'main-picture'),
          ),
        ).observe({ type: 'element', buffered: true })
      })
      const scripts = performance
        .getEntriesByType('resource')
        .filter((resource) => /\/assets\/[^/]+\.js$/.test(new URL(resource.name).pathname))
      return {
        painted: entry?.renderTime ?? Number.NaN,
        firstScript: Math.min(...scripts.map((resource) => resource.startTime)),
      }
    })
    expect(painted).toBeGreaterThan(0)
    expect(firstScript).toBeGreaterThan(painted)
  })

  it('still starts its scripts when the main picture cannot load', async () => {
    // A screen that fetches its photo: on a denser one than 1× the 768-pixel file written into
    // the HTML (docs/decisions/048) is not the one picked.
    const { page } = await open('/robots.txt', { deviceScaleFactor: 2 })
    await page.route(/\/assets\/hero-bridge-/, (route) => route.abort())
    const island = islandArrives(page)
    await page.goto('/')
    await island
    expect(
      await page
        .locator('img[elementtiming="main-picture"]')
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(0)
  })
})

describe('the home page accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations in the ${theme} theme`, async () => {
      const { page, context } = await open('/robots.txt')
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        themeStorageKey,
        theme,
      ] as const)
      await page.goto('/')
      await waitForHydration(page, '.slideshow-button')
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
      // Let the first transition settle so axe sees the steady state.
      await page.getByRole('group', { name: '1 of 3' }).waitFor()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
