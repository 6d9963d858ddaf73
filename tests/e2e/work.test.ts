import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seedPublishedContent } from '../../domain/content/seed/seed-published-content'
import { axeViolations } from './axe'
import { withBrowser } from './fixtures'
import { controlled, mainNav, waitForHydration } from './navigation-helpers'

// "Our work": the case studies' listing and pages (/work, /trabajos), rendered by the build from
// the seed's content, and the testimonials on the home and service pages.
const { open } = withBrowser()
const baseURL = inject('baseURL')

const desktop = { viewport: { width: 1366, height: 900 } }
const phone = { viewport: { width: 390, height: 844 } }
const cafe = { en: '/work/cafe-altura-online-shop', es: '/trabajos/tienda-en-linea-cafe-altura' }
const content = seedPublishedContent()

const visibleClients = (page: Page) =>
  page.locator('.work-list .case-study-card h2:visible').allTextContents()

describe('the case studies’ listing', () => {
  it.each([
    ['/work', 'en', 'Our work'],
    ['/trabajos', 'es', 'Nuestro trabajo'],
  ] as const)('%s lists the published case studies, featured first', async (path, lang, title) => {
    const { page, errors } = await open(path)
    await waitForHydration(page)
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    expect(await page.locator('main h1').textContent()).toBe(title)
    expect(await visibleClients(page)).toEqual(content.caseStudies.map((c) => c.client))
    const list = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@type': string; itemListElement: { url: string; name: string }[] }
    expect(list['@type']).toBe('ItemList')
    expect(list.itemListElement.map((item) => item.name)).toEqual(
      content.caseStudies.map((c) => c.client),
    )
    expect(errors).toEqual([])
  })

  it.each([true, false])(
    'filters by service area through links (JavaScript %s)',
    async (javaScriptEnabled) => {
      const { page } = await open('/work', { ...desktop, javaScriptEnabled })
      if (javaScriptEnabled) await waitForHydration(page)
      await page.locator('main').getByRole('link', { name: 'SEO and marketing' }).click()
      await expect.poll(() => visibleClients(page)).toEqual(['Café Altura'])
      expect(page.url()).toBe(`${baseURL}/work#area-seo-marketing`)
      await page.locator('main').getByRole('link', { name: 'Advanced solutions' }).click()
      await expect.poll(() => visibleClients(page)).toEqual(['Transportes Sierra Norte'])
      await page.getByRole('link', { name: 'All areas' }).click()
      await expect.poll(() => visibleClients(page)).toHaveLength(3)
      // Back undoes the last filter.
      await page.goBack()
      await expect.poll(() => visibleClients(page)).toEqual(['Transportes Sierra Norte'])
    },
  )

  it('a filtered address opens filtered', async () => {
    const { page } = await open('/trabajos#area-ux-ui-design', { javaScriptEnabled: false })
    await expect.poll(() => visibleClients(page)).toEqual(['Clínica Dental Sonríe'])
  })
})

describe('a case study’s page', () => {
  it.each([
    ['en', cafe.en, cafe.es, '/services/e-commerce', 'Request E-commerce'],
    ['es', cafe.es, cafe.en, '/servicios/comercio-electronico', 'Solicitar Comercio electrónico'],
  ] as const)(
    '%s: %s shows the story, results, quote and a request for the first service',
    async (lang, path, twin, service, cta) => {
      const response = await fetch(`${baseURL}${path}`)
      expect(response.status).toBe(200)
      const { page, errors } = await open(path)
      await waitForHydration(page)
      expect(await page.getAttribute('html', 'lang')).toBe(lang)
      expect(await page.locator('main h1').textContent()).toBe('Café Altura')
      const study = content.caseStudies.find((c) => c.client === 'Café Altura')
      if (!study) throw new Error('the seed has Café Altura')
      expect(await page.locator('.case-study-figure').allTextContents()).toEqual(
        study.results.map((r) => r.figure),
      )
      expect(await page.locator('.case-study-figure-label').allTextContents()).toEqual(
        study.results.map((r) => r.label[lang]),
      )
      expect(await page.locator('main p', { hasText: study.situation[lang] }).count()).toBe(1)
      expect(await page.locator('main p', { hasText: study.outcome[lang] }).count()).toBe(1)
      expect(await page.locator('figure.testimonial blockquote').textContent()).toBe(
        study.testimonial?.quote[lang],
      )
      expect(await page.locator('figure.testimonial figcaption').textContent()).toContain(
        'Rosa Méndez',
      )
      // Services used, linked to their pages; the call to action opens the first one's request.
      expect(await page.locator(`.case-study-services a[href="${service}"]`).count()).toBe(1)
      expect(await page.getByRole('link', { name: cta }).getAttribute('href')).toBe(
        `${service}?brief=open`,
      )
      // The drawing: sized, with a text alternative in the page's language.
      const art = page.locator('.case-study-hero-art')
      expect(await art.getAttribute('width')).toBe('640')
      expect(await art.getAttribute('height')).toBe('400')
      expect(await art.locator('title').textContent()).toContain('Café Altura')
      // hreflang twins and the structured data.
      const alternate = (hreflang: string) =>
        page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`).getAttribute('href')
      expect(await alternate(lang)).toBe(`${baseURL}${path}`)
      expect(await alternate(lang === 'en' ? 'es' : 'en')).toBe(`${baseURL}${twin}`)
      const article = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as { '@type': string; about: { name: string }; inLanguage: string }
      expect(article).toMatchObject({ '@type': 'Article', about: { name: 'Café Altura' } })
      expect(article.inLanguage).toBe(lang)
      expect(await page.title()).toContain('Café Altura')
      expect(errors).toEqual([])
    },
  )

  it('an unknown case study is the translated 404 page', async () => {
    expect((await fetch(`${baseURL}/work/no-such-case`)).status).toBe(404)
    const { page } = await open('/trabajos/no-existe')
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor()
  })

  it('the sitemap lists each case study with its twin', async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text()
    for (const study of content.caseStudies) {
      expect(sitemap).toContain(`<loc>${baseURL}/work/${study.slug.en}</loc>`)
      expect(sitemap).toContain(
        `<xhtml:link rel="alternate" hreflang="es" href="${baseURL}/trabajos/${study.slug.es}"/>`,
      )
    }
    expect(sitemap).toContain(`<loc>${baseURL}/trabajos</loc>`)
  })
})

describe('getting there', () => {
  it('from the header, without reloading: /about → Our work → a case study → Español → its twin', async () => {
    const { page, errors } = await open('/about', desktop)
    await waitForHydration(page)
    // A full load would lose this mark.
    await page.evaluate(() => {
      ;(window as unknown as { stayed: boolean }).stayed = true
    })
    await mainNav(page).getByRole('link', { name: 'Our work' }).click()
    await page.waitForURL('**/work')
    await page.getByRole('heading', { level: 1, name: 'Our work' }).waitFor()
    await page.getByRole('link', { name: 'Clínica Dental Sonríe' }).click()
    await page.waitForURL('**/work/sonrie-dental-online-booking')
    await page.getByRole('heading', { level: 1, name: 'Clínica Dental Sonríe' }).waitFor()
    // The header marks Our work as the current section, not Services.
    expect(
      await mainNav(page)
        .getByRole('button', { name: 'Services' })
        .getAttribute('data-section-active'),
    ).toBeNull()
    await expect.poll(() => page.title()).toContain('Clínica Dental Sonríe')
    const trigger = page.getByRole('button', { name: /^Language English$/ })
    await trigger.click()
    await (await controlled(page, trigger)).getByRole('button', { name: 'Español' }).click()
    await page.waitForURL('**/trabajos/citas-en-linea-sonrie')
    await page.getByRole('heading', { level: 2, name: 'La situación' }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    expect(errors).toEqual([])
  })

  it('the header marks Services on the services’ pages only (not on /work or /privacy)', async () => {
    for (const [path, marked] of [
      ['/services/seo', true],
      ['/work', false],
      ['/privacy', false],
    ] as const) {
      const { page } = await open(path, desktop)
      await waitForHydration(page)
      const button = mainNav(page).getByRole('button', { name: 'Services' })
      expect(await button.getAttribute('data-section-active'), path).toBe(marked ? 'true' : null)
    }
  })

  it('the footer links to the listing in the page’s language', async () => {
    const { page } = await open('/about', { locale: 'es-MX' })
    expect(await page.locator('footer a[href="/trabajos"]').count()).toBe(1)
  })
})

describe('testimonials', () => {
  it('the home page quotes three clients, with who said it', async () => {
    const { page } = await open('/')
    const quotes = page.locator('.home-testimonials figure.testimonial')
    expect(await quotes.count()).toBe(3)
    expect(await quotes.locator('blockquote').count()).toBe(3)
    expect(await quotes.locator('figcaption').first().textContent()).toContain('Rosa Méndez')
  })

  it('a service page lists its case studies and quotes their clients', async () => {
    const { page } = await open('/servicios/comercio-electronico')
    expect(await page.locator('.case-study-card h3').allTextContents()).toEqual(['Café Altura'])
    expect(await page.locator('.case-study-card a').getAttribute('href')).toBe(cafe.es)
    expect(await page.locator('figure.testimonial figcaption').textContent()).toContain(
      'Rosa Méndez',
    )
    const none = await open('/services/iot')
    expect(await none.page.locator('.case-study-card').count()).toBe(0)
  })
})

describe('accessibility', () => {
  const pages = ['/work', '/trabajos', cafe.en, cafe.es]
  it.each(
    pages.flatMap((path) => (['light', 'dark'] as const).map((theme) => [path, theme] as const)),
  )('%s (%s theme): axe finds nothing', async (path, theme) => {
    const { page } = await open(path, theme === 'dark' ? phone : desktop)
    await page.evaluate((value) => localStorage.setItem('agency-site:theme', value), theme)
    await page.reload()
    await waitForHydration(page)
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
    expect(await axeViolations(page)).toEqual([])
  })
})
