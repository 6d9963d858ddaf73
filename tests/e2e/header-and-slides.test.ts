import type { Page } from 'playwright-core'
import { waitForHydration } from './navigation-helpers'
import { describe, expect, test } from './signed-in'

// What moves or wraps where it should not: the header on a phone in Spanish, a long first name
// in the header, the home slideshow's text between slides, the contact form's message box.

const phone = { viewport: { width: 390, height: 844 } }
const desktop = { viewport: { width: 1366, height: 900 } }

/** The tops of the header's visible pieces (brand, links, controls), rounded. */
async function headerRows(page: Page): Promise<number> {
  return page.locator('.site-header').evaluate((header) => {
    const pieces = [...header.querySelectorAll('.brand, .nav-links > li, .header-controls')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
    const middles = pieces.map((box) => Math.round(box.top + box.height / 2))
    // Pieces whose middles are within 12 px share a row.
    const rows: number[] = []
    for (const middle of middles.sort((a, b) => a - b)) {
      if (rows.every((row) => Math.abs(row - middle) > 12)) rows.push(middle)
    }
    return rows.length
  })
}

describe('the header keeps to one row', () => {
  test('on a 390 px phone in Spanish, signed out', async ({ visit }) => {
    const { page } = await visit(null, { ...phone, locale: 'es-MX' })
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Crear cuenta' }).waitFor()
    expect(await headerRows(page)).toBe(1)
    // So the first slide's button is on screen, above the bottom bar.
    const button = await page.locator('.slide[data-shown="true"] a.button-primary').boundingBox()
    const bar = await page.locator('.mobile-bar').boundingBox()
    expect(button && bar && button.y + button.height).toBeLessThanOrEqual(bar?.y ?? 0)
  })

  for (const [screen, options] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    test(`with a long first name, which is cut but named whole (${screen})`, async ({
      newAccount,
    }) => {
      const account = await newAccount()
      const device = await account.signInAgain(options)
      const long = 'Maximiliano Bartolomé Anastasio'
      const renamed = await device.api.call('PATCH', '/api/v1/me', { name: long })
      expect(renamed.status, renamed.text).toBe(200)
      await device.page.goto('/about')
      await waitForHydration(device.page)
      const menu = device.page.getByRole('button', { name: `Account of ${long}` })
      await menu.waitFor()
      expect(await headerRows(device.page)).toBe(1)
      const shown = await menu.locator('.account-menu-name').evaluate((name) => ({
        cut: name.scrollWidth > name.clientWidth,
        ellipsis: getComputedStyle(name).textOverflow,
      }))
      expect(shown).toEqual({ cut: true, ellipsis: 'ellipsis' })
    })
  }
})

describe("the home slideshow's text stays put", () => {
  for (const [screen, options] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    for (const locale of ['en-US', 'es-MX']) {
      test(`every slide's title starts where the first one's does (${screen}, ${locale})`, async ({
        visit,
      }) => {
        const { page } = await visit(null, { ...options, locale, reducedMotion: 'reduce' })
        await page.goto('/')
        await waitForHydration(page)
        const where = () =>
          page.evaluate(() => {
            const shown = document.querySelector('.slide[data-shown="true"]')
            const title = shown?.querySelector('.slide-title')?.getBoundingClientRect()
            const slides = document.querySelector('.slideshow-slides')?.getBoundingClientRect()
            return {
              titleTop: Math.round((title?.top ?? 0) - (slides?.top ?? 0)),
              height: Math.round(slides?.height ?? 0),
            }
          })
        const first = await where()
        const count = await page.locator('.slide').count()
        for (let slide = 2; slide <= count; slide += 1) {
          await page
            .locator('.slideshow-dot')
            .nth(slide - 1)
            .click()
          await page
            .locator('.slide')
            .nth(slide - 1)
            .and(page.locator('[data-shown="true"]'))
            .waitFor()
          expect(await where(), `slide ${slide}`).toEqual(first)
        }
      })
    }
  }
})

describe("the contact form's message box", () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`has the other fields' background (${theme})`, async ({ visit }) => {
      const { page } = await visit(null, { colorScheme: theme })
      await page.addInitScript((value) => localStorage.setItem('agency-site:theme', value), theme)
      await page.goto('/contact')
      await waitForHydration(page)
      const background = (selector: string) =>
        page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor)
      expect(await background('#contact-message')).toBe(await background('#contact-name'))
    })
  }
})
