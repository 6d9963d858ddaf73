import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withBrowser } from './fixtures'
import { waitForHydration } from './navigation-helpers'

// The prerendered pages hydrate without a mismatch: no console error, and the server's DOM
// is kept (React throws it away and renders again when hydration fails).
const { open, baseURL } = withBrowser()

type Case = { name: string; path: string; options?: BrowserContextOptions; lang: string }

const stored = (entries: Record<string, string>): BrowserContextOptions => ({
  storageState: {
    cookies: [],
    origins: [
      {
        origin: baseURL,
        localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })),
      },
    ],
  },
})

const cases: Case[] = [
  { name: 'home', path: '/', lang: 'en' },
  { name: 'English service', path: '/services/web-development', lang: 'en' },
  { name: 'Spanish service', path: '/servicios/desarrollo-web', lang: 'es' },
  { name: 'register', path: '/register', lang: 'en' },
  { name: 'home for a Spanish browser', path: '/', options: { locale: 'es-MX' }, lang: 'es' },
  {
    name: 'home with Spanish stored but no cookie yet',
    path: '/',
    options: stored({ 'app-language': 'es' }),
    lang: 'es',
  },
  {
    name: 'service in dark theme',
    path: '/services/web-development',
    options: stored({ 'agency-site:theme': 'dark' }),
    lang: 'en',
  },
  { name: 'home with reduced motion', path: '/', options: { reducedMotion: 'reduce' }, lang: 'en' },
  {
    name: 'home on a phone',
    path: '/',
    options: {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    },
    lang: 'en',
  },
]

/**
 * Loads `path` with a marker on the server's <h1>, taken before any script runs, and waits
 * for the app to hydrate (on the visitor's first intent on most pages: docs/decisions/068).
 */
async function loadMarked(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const h1 = document.querySelector('main h1')
      if (h1) Object.assign(window, { serverHeading: h1 })
    })
  })
  await page.goto(path)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}

describe('hydration of the prerendered pages', () => {
  it.each(cases)(
    '$name ($path) hydrates without errors and keeps the server DOM',
    async ({ path, options, lang }) => {
      // Open a neutral file first so the init script is in place before the page itself loads.
      const { page, errors } = await open('/robots.txt', options)
      await loadMarked(page, path)
      const state = await page.evaluate(() => ({
        kept:
          'serverHeading' in window &&
          window.serverHeading === document.querySelector('main h1') &&
          document.querySelector('main h1')?.isConnected === true,
        lang: document.documentElement.lang,
        pageLang: document.documentElement.dataset.pageLang,
      }))
      expect(errors).toEqual([])
      expect(state).toEqual({ kept: true, lang, pageLang: lang })
    },
  )
})

describe('the head after client-side navigation', () => {
  const head = (page: Page) =>
    page.evaluate(() => ({
      title: document.title,
      lang: document.documentElement.lang,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
      ),
      ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    }))

  it('follows the page, as the prerendered HTML of that page has it', async () => {
    const { page, errors } = await open('/services')
    await page.waitForLoadState('networkidle')
    await page.locator('main').getByRole('link', { name: 'Web design', exact: true }).click()
    await page.waitForURL('**/services/web-design')
    await page.getByRole('heading', { level: 1, name: 'Web design' }).waitFor()
    await expect.poll(() => page.title()).toBe('Web design | Puente Digital')
    const afterNavigation = await head(page)

    // The same page loaded directly: its prerendered head is the reference.
    const direct = await open('/services/web-design')
    expect(afterNavigation).toEqual(await head(direct.page))
    expect(afterNavigation.alternates).toEqual([
      `en ${baseURL}/services/web-design`,
      `es ${baseURL}/servicios/diseno-web`,
      `x-default ${baseURL}/servicios/diseno-web`,
    ])

    // Back to a neutral page: no hreflang alternates are left behind.
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click()
    await page.waitForURL('**/contact')
    await expect.poll(() => page.title()).toBe('Contact us | Puente Digital')
    const contact = await head(page)
    expect(contact.alternates).toEqual([])
    expect(contact.canonical).toBe(`${baseURL}/contact`)
    expect(errors).toEqual([])
  })

  it('follows a language switch: the twin page’s head on a service page, Spanish on /about', async () => {
    const switchToSpanish = async (page: Page) => {
      await page.getByRole('button', { name: /Language/ }).click()
      await page.getByRole('button', { name: 'Español' }).click()
    }
    const { page, errors } = await open('/services/web-development')
    await page.waitForLoadState('networkidle')
    await switchToSpanish(page)
    await page.waitForURL('**/servicios/desarrollo-web')
    await expect.poll(() => page.title()).toBe('Desarrollo web | Puente Digital')
    const direct = await open('/servicios/desarrollo-web')
    expect(await head(page)).toEqual(await head(direct.page))

    const about = await open('/about')
    await about.page.waitForLoadState('networkidle')
    await switchToSpanish(about.page)
    await expect.poll(() => about.page.title()).toBe('Quiénes somos | Puente Digital')
    expect((await head(about.page)).lang).toBe('es')
    // The cookie now tells the server: a reload gets the Spanish prerendered page.
    await about.page.reload()
    expect(await about.page.getAttribute('html', 'data-page-lang')).toBe('es')
    expect([...errors, ...about.errors]).toEqual([])
  })
})
