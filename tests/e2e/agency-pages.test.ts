import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { waitForHydration } from './navigation-helpers'
import { test } from './signed-in'

// The agency's pages as a visitor meets them: the service pages, the listing and /about, in
// both themes, with their illustrations, FAQ and cards.
const { open } = withBrowser()

const phone = { viewport: { width: 390, height: 844 } }
const desktop = { viewport: { width: 1366, height: 900 } }

const summary = (violations: Awaited<ReturnType<typeof axeViolations>>) =>
  violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )

async function openIn(path: string, theme: 'light' | 'dark', size = desktop): Promise<Page> {
  const { page } = await open(path, size)
  await page.evaluate((value) => localStorage.setItem('agency-site:theme', value), theme)
  await page.reload()
  await waitForHydration(page)
  expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
  return page
}

const pages = ['/services/web-design', '/servicios/posicionamiento-seo', '/services', '/about']

describe('the agency’s pages', () => {
  it.each(
    pages.flatMap((path) => (['light', 'dark'] as const).map((theme) => [path, theme] as const)),
  )('%s (%s theme): axe finds nothing, FAQ open and footer included', async (path, theme) => {
    const page = await openIn(path, theme, theme === 'dark' ? phone : desktop)
    for (const summaryElement of await page.locator('.faq summary').all()) {
      await summaryElement.click()
    }
    expect(summary(await axeViolations(page))).toEqual([])
  })

  it('every image in the page and the footer has a width and a height (nothing shifts)', async () => {
    for (const path of pages) {
      const { page } = await open(path, desktop)
      const unsized = await page
        .locator('main img, footer img')
        .evaluateAll((images) =>
          images
            .filter((image) => !image.getAttribute('width') || !image.getAttribute('height'))
            .map((image) => image.outerHTML),
        )
      expect(unsized, path).toEqual([])
    }
  })

  it('a service page’s FAQPage structured data says what its questions say', async () => {
    for (const path of ['/services/web-design', '/servicios/posicionamiento-seo']) {
      const { page } = await open(path, desktop)
      const data = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as {
        '@type': string
        mainEntity: { name: string; acceptedAnswer: { text: string } }[]
      }
      const visible = await page.locator('.faq details').evaluateAll((items) =>
        items.map((item) => ({
          name: item.querySelector('summary')?.textContent,
          text: item.querySelector('p')?.textContent,
        })),
      )
      expect(data['@type']).toBe('FAQPage')
      expect(visible.length).toBeGreaterThan(1)
      expect(
        data.mainEntity.map((entry) => ({ name: entry.name, text: entry.acceptedAnswer.text })),
      ).toEqual(visible)
    }
  })

  it('a question opens and closes with the keyboard (native disclosure)', async () => {
    const { page } = await open('/services/seo', desktop)
    const first = page.locator('.faq details').first()
    await first.locator('summary').focus()
    await page.keyboard.press('Enter')
    expect(await first.getAttribute('open')).not.toBeNull()
    await page.keyboard.press('Enter')
    expect(await first.getAttribute('open')).toBeNull()
  })

  it.each([
    ['desktop', desktop],
    ['tablet', { viewport: { width: 800, height: 900 } }],
  ] as const)('the listing leaves no card alone in its row (%s)', async (_, size) => {
    const { page } = await open('/services', size)
    const rows = await page.locator('.area-cards').evaluateAll((lists) =>
      lists.map((list) => {
        const right = list.getBoundingClientRect().right
        const cards = [...list.children].map((card) => card.getBoundingClientRect())
        const tops = [...new Set(cards.map((card) => Math.round(card.top)))]
        // Each row's last card reaches the list's right edge, and no row holds a single card.
        return tops.map((top) => {
          const row = cards.filter((card) => Math.round(card.top) === top)
          return {
            cards: row.length,
            fills: Math.abs(Math.max(...row.map((card) => card.right)) - right) < 1,
          }
        })
      }),
    )
    for (const area of rows) {
      for (const row of area) {
        expect(row.fills).toBe(true)
        expect(row.cards).toBeGreaterThan(1)
      }
    }
  })

  it('/about introduces the team with illustrated portraits, its values and its process', async () => {
    const { page } = await open('/about', desktop)
    const team = page.getByRole('region', { name: 'Meet the team' })
    expect(await team.getByRole('listitem').count()).toBe(5)
    expect(await team.locator('img[src$=".svg"]').count()).toBe(5)
    expect(await page.getByRole('region', { name: 'What we care about' }).isVisible()).toBe(true)
    expect(
      await page.getByRole('region', { name: 'How we work' }).getByRole('listitem').count(),
    ).toBe(4)
  })
})

describe('the site frame', () => {
  it('shows the logo, and the footer gives contact, hours, address, services by area and the privacy notice', async () => {
    const { page } = await open('/about', desktop)
    expect(await page.locator('link[rel="icon"][type="image/png"]').count()).toBe(1)
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1)
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1)
    const footer = page.locator('footer')
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1)
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1)
    expect(await footer.locator('address').textContent()).toContain('Ciudad de México')
    const services = footer.getByRole('navigation', { name: 'Services' })
    expect(await services.getByRole('link').count()).toBe(6)
    expect(
      await services.getByRole('link', { name: 'SEO and marketing' }).getAttribute('href'),
    ).toBe('/services#area-seo-marketing')
    expect(await footer.locator('a[href="/privacy"]').count()).toBe(1)
    const mark = await page
      .locator('.site-header .brand')
      .evaluate((brand) => getComputedStyle(brand, '::before').maskImage)
    // The bridge mark, written into the stylesheet (no request of its own).
    expect(mark).toMatch(/^url\("data:image\/svg\+xml,.*Puente%20Digital.*mask/)
  })

  it.each(['/icons/favicon-32.png', '/icons/apple-touch-icon.png', '/site.webmanifest'])(
    'serves %s',
    async (path) => {
      const { page } = await open('/robots.txt')
      const answer = await page.request.get(path)
      expect(answer.status()).toBe(200)
    },
  )
})

describe('a service page for a signed-in client', () => {
  test('never offers "Create an account", even before the session has answered', async ({
    client,
  }) => {
    const device = await client.signInAgain(desktop)
    // Hold who-is-signed-in: the page may only go by the session's hint cookie.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await device.page.route('**/api/v1/me', async (route) => {
      await held
      await route.continue()
    })
    await device.page.goto('/services/web-design')
    await waitForHydration(device.page)
    const band = device.page.locator('.call-to-action .actions')
    await band.getByRole('link', { name: 'My services' }).waitFor()
    expect(await device.page.getByRole('link', { name: 'Create an account' }).count()).toBe(0)
    expect(await band.getByRole('link', { name: 'Request this service' }).count()).toBe(1)
    release()
    await device.page.unrouteAll({ behavior: 'wait' })
  })
})
