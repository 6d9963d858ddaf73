import type { BrowserContextOptions, Page } from 'playwright-core'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, type SignedIn, test } from './signed-in'
import { compareWithBaseline, updating } from './visual/baselines'
import { fixedEnquiryId, serveFixedData } from './visual/fixed-data'

// Visual regression: the key pages as people see them, compared with the committed screenshots
// in tests/e2e/visual-baselines/ (pixelmatch, a small threshold; a difference image is left in
// .tmp/visual-diffs/ on failure). `npm run test:visual:update` rewrites the baselines after an
// intended change. Each page is loaded directly (never reached from another page), so a page
// that leans on another page's stylesheet looks wrong here. What would move between runs is
// fixed: the signed-in pages' data (visual/fixed-data.ts), the clock, the time zone, motion
// (reduced), the caret; fonts and images are loaded before each screenshot.

type Theme = 'light' | 'dark'
type Language = 'en' | 'es'
type Screen = {
  readonly name: 'desktop' | 'phone'
  readonly width: number
  readonly height: number
}

const desktop: Screen = { name: 'desktop', width: 1366, height: 900 }
const phone: Screen = { name: 'phone', width: 390, height: 844 }

/** Every page in both themes and on both screens in English; in Spanish, one of each. */
const looks: readonly (readonly [Language, Theme, Screen])[] = [
  ['en', 'light', desktop],
  ['en', 'dark', desktop],
  ['en', 'light', phone],
  ['en', 'dark', phone],
  ['es', 'light', phone],
  ['es', 'dark', desktop],
]

/** A moment after every date of the fixed data: "2 days ago" stays 2 days ago. */
const fixedNow = new Date('2026-11-24T18:00:00.000Z')

type Shot = {
  readonly name: string
  readonly path: Record<Language, string>
  /** Present once the page shows its content (not a "Loading…"). */
  readonly ready: (page: Page) => Promise<unknown>
}

const heading = (page: Page) => page.locator('main h1').first().waitFor()

const publicPages: readonly Shot[] = [
  { name: 'home', path: { en: '/', es: '/' }, ready: heading },
  {
    name: 'service',
    path: { en: '/services/web-design', es: '/servicios/diseno-web' },
    ready: heading,
  },
  { name: 'services', path: { en: '/services', es: '/servicios' }, ready: heading },
  { name: 'about', path: { en: '/about', es: '/about' }, ready: heading },
  { name: 'contact', path: { en: '/contact', es: '/contact' }, ready: heading },
  { name: 'register', path: { en: '/register', es: '/register' }, ready: heading },
  { name: 'login', path: { en: '/login', es: '/login' }, ready: heading },
]

const clientPages: readonly Shot[] = [
  {
    name: 'profile',
    path: { en: '/profile', es: '/profile' },
    ready: (page) => page.getByText('Safari on iOS').waitFor(),
  },
  {
    name: 'my-services',
    path: { en: '/my-services', es: '/my-services' },
    ready: (page) =>
      page
        .locator('main')
        .getByText(/bakery in Oaxaca/)
        .first()
        .waitFor(),
  },
]

const adminPages: readonly Shot[] = [
  {
    name: 'admin-list',
    path: { en: '/admin', es: '/admin' },
    ready: (page) => page.locator('main table tbody tr').first().waitFor(),
  },
  {
    name: 'admin-detail',
    path: {
      en: `/admin?tab=enquiries&id=${fixedEnquiryId}`,
      es: `/admin?tab=enquiries&id=${fixedEnquiryId}`,
    },
    ready: (page) =>
      page
        .locator('main')
        .getByText(/coffee in Puebla/)
        .first()
        .waitFor(),
  },
]

function contextOptions(language: Language, theme: Theme, screen: Screen): BrowserContextOptions {
  return {
    locale: language === 'es' ? 'es-MX' : 'en-US',
    timezoneId: 'America/Mexico_City',
    colorScheme: theme,
    reducedMotion: 'reduce',
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: 1,
  }
}

/** Fixed clock and stored theme, before the page's first script. */
async function prepare(page: Page, theme: Theme): Promise<void> {
  await page.clock.setFixedTime(fixedNow)
  await page.addInitScript((value) => localStorage.setItem('agency-site:theme', value), theme)
}

/** Loads `shot` directly, waits until it is still, and compares it with its baseline. */
async function capture(page: Page, shot: Shot, language: Language, suffix: string) {
  await page.goto(shot.path[language])
  await waitForHydration(page)
  await shot.ready(page)
  await page.evaluate(async () => {
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

let accounts: Promise<readonly [SignedIn, SignedIn]> | undefined

describe('the key pages look as their baselines', () => {
  for (const [language, theme, screen] of looks) {
    const suffix = `${language}-${theme}-${screen.name}`
    test(`${suffix}${updating ? ' (updating the baselines)' : ''}`, {
      timeout: Number(process.env.VISUAL_TIMEOUT ?? 240_000),
    }, async ({ visit, newAccount }) => {
      const options = contextOptions(language, theme, screen)
      const failures: string[] = []
      const check = (result: Awaited<ReturnType<typeof capture>>) => {
        if (!result.ok) failures.push(result.reason)
      }

      const visitor = await visit(null, options)
      await prepare(visitor.page, theme)
      for (const shot of publicPages) check(await capture(visitor.page, shot, language, suffix))

      // One client and one admin for the file: each look signs them in again on a device of
      // its own (what they read is the fixed data anyway).
      accounts ??= Promise.all([newAccount({ role: 'client' }), newAccount({ role: 'admin' })])
      const [client, admin] = await accounts
      const clientDevice = await client.signInAgain(options)
      await serveFixedData(clientDevice.context, 'client')
      await prepare(clientDevice.page, theme)
      for (const shot of clientPages)
        check(await capture(clientDevice.page, shot, language, suffix))

      const adminDevice = await admin.signInAgain(options)
      await serveFixedData(adminDevice.context, 'admin')
      await prepare(adminDevice.page, theme)
      for (const shot of adminPages) check(await capture(adminDevice.page, shot, language, suffix))

      expect(failures).toEqual([])
    })
  }
})
