import { describe, expect, type SignedIn, test } from './signed-in'
import { updating } from './visual/baselines'
import {
  capture,
  contextOptions,
  desktop,
  type Language,
  phone,
  prepare,
  publicPages,
  type Screen,
  type Shot,
  type Theme,
} from './visual/capture'
import { fixedEnquiryId, serveFixedData } from './visual/fixed-data'

// Visual regression: the key pages as people see them, compared with the committed screenshots
// in tests/e2e/visual-baselines/ (pixelmatch, a small threshold; a difference image is left in
// .tmp/visual-diffs/ on failure). `npm run test:visual:update` rewrites the baselines after an
// intended change. Each page is loaded directly (never reached from another page), so a page
// that leans on another page's stylesheet looks wrong here. What would move between runs is
// fixed: the signed-in pages' data (visual/fixed-data.ts), the clock, the time zone, motion
// (reduced), the caret; fonts and images are loaded before each screenshot.

/** Every page in both themes and on both screens in English; in Spanish, one of each. */
const looks: readonly (readonly [Language, Theme, Screen])[] = [
  ['en', 'light', desktop],
  ['en', 'dark', desktop],
  ['en', 'light', phone],
  ['en', 'dark', phone],
  ['es', 'light', phone],
  ['es', 'dark', desktop],
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
    // A card's brief is folded away: its status line and latest change show it has loaded.
    ready: (page) => page.locator('main .request-card .request-latest').first().waitFor(),
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
