import type { BrowserContextOptions, Page } from 'playwright-core'
import { waitForHydration } from '../navigation-helpers'
import { compareWithBaseline } from './baselines'

// How the visual tests take a page's picture (visual.test.ts, typeface.test.ts): what would move
// between runs is fixed (the clock, the time zone, motion, the caret), and fonts and images on
// screen are loaded first.

export type Theme = 'light' | 'dark'
export type Language = 'en' | 'es'
export type Screen = {
  readonly name: 'desktop' | 'phone'
  readonly width: number
  readonly height: number
}

export const desktop: Screen = { name: 'desktop', width: 1366, height: 900 }
export const phone: Screen = { name: 'phone', width: 390, height: 844 }

/** A moment after every date of the fixed data: "2 days ago" stays 2 days ago. */
export const fixedNow = new Date('2026-11-24T18:00:00.000Z')

export type Shot = {
  readonly name: string
  readonly path: Record<Language, string>
  /** Present once the page shows its content (not a "Loading…"). */
  readonly ready: (page: Page) => Promise<unknown>
}

export const heading = (page: Page) => page.locator('main h1').first().waitFor()

export const publicPages: readonly Shot[] = [
  { name: 'home', path: { en: '/', es: '/' }, ready: heading },
  {
    name: 'service',
    path: { en: '/services/web-design', es: '/servicios/diseno-web' },
    ready: heading,
  },
  { name: 'services', path: { en: '/services', es: '/servicios' }, ready: heading },
  { name: 'about', path: { en: '/about', es: '/about' }, ready: heading },
  { name: 'work', path: { en: '/work', es: '/trabajos' }, ready: heading },
  {
    name: 'case-study',
    path: { en: '/work/cafe-altura-online-shop', es: '/trabajos/tienda-en-linea-cafe-altura' },
    ready: heading,
  },
  { name: 'contact', path: { en: '/contact', es: '/contact' }, ready: heading },
  { name: 'register', path: { en: '/register', es: '/register' }, ready: heading },
  { name: 'login', path: { en: '/login', es: '/login' }, ready: heading },
]

export function contextOptions(
  language: Language,
  theme: Theme,
  screen: Screen,
): BrowserContextOptions {
  return {
    locale: language === 'es' ? 'es-MX' : 'en-US',
    timezoneId: 'America/Mexico_City',
    colorScheme: theme,
    reducedMotion: 'reduce',
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: 1,
  }
}

/**
 * Fixed clock and stored theme, before the page's first script, and a return visit's typeface:
 * a first visit's page is drawn in the fallback font, Inter only from the next (index.html).
 */
export async function prepare(page: Page, theme: Theme): Promise<void> {
  await page.clock.setFixedTime(fixedNow)
  await page.addInitScript((value) => {
    localStorage.setItem('agency-site:theme', value)
    localStorage.setItem('agency-site:typeface', '1')
  }, theme)
}

/** Loads `shot` directly, waits until it is still, and compares it with its baseline. */
export async function capture(page: Page, shot: Shot, language: Language, suffix: string) {
  await page.goto(shot.path[language])
  await waitForHydration(page)
  await shot.ready(page)
  await page.evaluate(async () => {
    // The pictures are of a return visit (prepare): Inter from the first paint.
    await document.fonts.load('1em Inter')
    await document.fonts.ready
    // The images on screen: a lazy one below the fold never loads, and is not in the picture.
    const onScreen = [...document.images].filter((image) => {
      const box = image.getBoundingClientRect()
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0
    })
    await Promise.all(
      onScreen.map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))),
    )
    // Two frames: whatever the last answer changed is laid out and painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
  // Nothing focused draws a ring: the screenshots show pages at rest.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' })
  return compareWithBaseline(`${shot.name}-${suffix}`, png)
}
