import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'

// The picture that is a public page's largest paint arrives without waiting for the whole HTML
// (scripts/prerender.mjs, firstPictureEarly): the home page announces its first slide's photo at
// the top of the head, and a service page carries its drawing in the HTML itself.
const { open } = withBrowser()

/** Lighthouse's mobile device: 412 × 823 CSS pixels at a device pixel ratio of 1.75. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true }

describe('the largest paint’s picture', () => {
  it('home: the first slide’s photo is asked for once, from the head’s announcement', async () => {
    const { page, context } = await open('/robots.txt', phone)
    const images: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    const hero = page.locator('img[elementtiming="main-picture"]')
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    const shown = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname
    expect(shown).toMatch(/^\/assets\/hero-bridge-768-[\w-]+\.avif$/)
    // The announcement is the first image the page asks for, and the picture takes its answer.
    expect(images[0]).toBe(shown)
    // One file of the photo: the announcement picks what the picture picks (it follows the
    // viewport's declaration; before it, a phone would have chosen a larger file).
    expect(images.filter((path) => path.includes('/hero-bridge-'))).toEqual([shown])
    const announced = await page
      .locator('head link[rel="preload"][as="image"]')
      .getAttribute('imagesrcset')
    const firstSource = await page
      .locator('.slide-picture source[type="image/avif"]')
      .first()
      .getAttribute('srcset')
    expect(announced).toBe(firstSource)
    await context.close()
  })

  it.each(['/services/web-development', '/servicios/diseno-web'])(
    '%s: the drawing is in the HTML, no request needed, kept by hydration',
    async (path) => {
      const { page, context } = await open(path, phone)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      const art = page.locator('.service-hero-art')
      expect(await art.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/)
      expect(await art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640)
      await context.close()
    },
  )
})
