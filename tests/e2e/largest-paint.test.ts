import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'
import { waitForHydration } from './navigation-helpers'

// The picture that is a public page's largest paint arrives without waiting for the whole HTML
// (scripts/prerender.mjs, firstPictureEarly): the home page carries its first slide's photo for
// most screens in the HTML and announces the others' at the top of the head, and a service page
// carries its drawing in the HTML itself.
const { open } = withBrowser()

/** Lighthouse's mobile device: 412 × 823 CSS pixels at a device pixel ratio of 1.75. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true }

/** The home page on `screen` once its first photo has painted, with the images it requested. */
async function homeOn(screen: typeof phone) {
  const { page, context } = await open('/robots.txt', screen)
  const images: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'image' && url.protocol !== 'data:') images.push(url.pathname)
  })
  await page.goto('/')
  const hero = page.locator('img[elementtiming="main-picture"]')
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  return { page, context, images, hero }
}

describe('the largest paint’s picture', () => {
  it('home, on a phone of DPR 1.75: the first slide’s photo is in the HTML, no request', async () => {
    const { page, context, images, hero } = await homeOn(phone)
    await waitForHydration(page)
    // The 768-pixel AVIF, written into the page and kept by hydration.
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /^data:image\/avif;base64,/,
    )
    expect(images.filter((path) => path.includes('/hero-bridge-'))).toEqual([])
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

  it('home, on a denser phone: the larger photo is asked for once, from the head’s announcement', async () => {
    const dense = { ...phone, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 }
    const { context, images, hero } = await homeOn(dense)
    const shown = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname
    expect(shown).toMatch(/^\/assets\/hero-bridge-1280-[\w-]+\.avif$/)
    // The announcement is the first image the page asks for, and the picture takes its answer:
    // one file of the photo (the announcement follows the viewport's declaration; before it, a
    // phone would have chosen another file).
    expect(images[0]).toBe(shown)
    expect(images.filter((path) => path.includes('/hero-bridge-'))).toEqual([shown])
    await context.close()
  })

  it.each(['/services/web-development', '/servicios/diseno-web'])(
    '%s: the drawing is in the HTML, no request needed, kept by hydration',
    async (path) => {
      const { page, context } = await open(path, phone)
      await waitForHydration(page)
      const art = page.locator('.service-hero-art')
      expect(await art.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/)
      expect(await art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640)
      await context.close()
    },
  )
})
