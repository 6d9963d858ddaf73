import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'

const { open } = withBrowser()

describe('no console errors', () => {
  for (const path of ['/', '/services/web-development', '/servicios/desarrollo-web', '/register']) {
    it(`on ${path}`, async () => {
      const { page, errors } = await open(path)
      await page.locator('main h1').waitFor()
      await page.waitForLoadState('networkidle')
      expect(errors).toEqual([])
    })
  }
})
