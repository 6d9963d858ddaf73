import { describe, expect, it } from 'vitest'
import { serviceTable } from '../../domain/services/service-table'
import { withBrowser } from './fixtures'

// Content and links work with JavaScript disabled: from any page a visitor reaches the
// listing, every service, and back, on a wide and on a narrow screen.
const { open } = withBrowser()

describe('with JavaScript disabled', () => {
  it.each([
    {
      name: 'desktop',
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      listing: '/services',
    },
    {
      name: 'phone',
      viewport: { width: 390, height: 844 },
      locale: 'es-MX',
      listing: '/servicios',
    },
  ])(
    'on a $name, the services are reachable through visible links',
    async ({ viewport, locale, listing }) => {
      const { page, errors } = await open('/about', { javaScriptEnabled: false, viewport, locale })
      await page.locator(`a[href="${listing}"]:visible`).first().click()
      await page.waitForURL(`**${listing}`)
      const slugs = serviceTable.map((s) =>
        listing === '/servicios' ? `/servicios/${s.es}` : `/services/${s.en}`,
      )
      for (const href of slugs) {
        expect(await page.locator(`main a[href="${href}"]:visible`).count(), href).toBeGreaterThan(
          0,
        )
      }
      await page.locator(`main a[href="${slugs[0]}"]`).first().click()
      await page.waitForURL(`**${slugs[0]}`)
      expect(await page.locator('main h1').textContent()).toBeTruthy()
      expect(errors).toEqual([])
    },
  )
})
