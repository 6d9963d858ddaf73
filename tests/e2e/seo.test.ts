import { JSDOM } from 'jsdom'
import { describe, expect, inject, it } from 'vitest'
import { localizedPages } from '../../domain/pages/public-paths'
import { neutralPaths, publicPaths, unlistedPaths } from '../../src/routing/public-pages'

// Metadata, sitemap and the former /amp addresses, checked with plain HTTP (no JavaScript) on
// `npm start`'s server.
const baseURL = inject('baseURL')
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseURL}${path}`, { headers, redirect: 'manual' })
  const html = await response.text()
  return { response, html, document: new JSDOM(html).window.document }
}

const attr = (document: Document, selector: string, name: string) =>
  document.querySelector(selector)?.getAttribute(name) ?? null

describe('every public page, without JavaScript', () => {
  const variants = [
    ...neutralPaths.flatMap((path) => [
      { path, locale: 'en', headers: { Cookie: 'app-language=en' } },
      { path, locale: 'es', headers: { Cookie: 'app-language=es' } },
    ]),
    ...localizedPages.map(({ path, locale }) => ({ path, locale, headers: {} })),
  ]

  it.each(variants)(
    '$path ($locale) has h1, title, description, canonical and its language',
    async ({ path, locale, headers }) => {
      const { response, document } = await fetchPage(path, headers)
      expect(response.status).toBe(200)
      expect(document.documentElement.lang).toBe(locale)
      expect(document.querySelector('main h1')?.textContent?.trim()).toBeTruthy()
      expect(document.title).toMatch(/\S+ \| \S+/)
      expect(attr(document, 'meta[name="description"]', 'content')?.length).toBeGreaterThan(40)
      expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(`${baseURL}${path}`)
      expect(attr(document, 'meta[property="og:title"]', 'content')).toBeTruthy()
      expect(attr(document, 'meta[property="og:description"]', 'content')).toBeTruthy()
      expect(attr(document, 'meta[name="twitter:card"]', 'content')).toBe('summary_large_image')
      // Links work without JavaScript: real hrefs, no empty or javascript: targets.
      const hrefs = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')
      expect(hrefs.filter((href) => href === '' || href.startsWith('javascript:'))).toEqual([])
    },
  )

  it.each(localizedPages)(
    '$path is self-canonical with hreflang en/es to $twin, x-default the Spanish one',
    async ({ path, locale, twin }) => {
      const { document } = await fetchPage(path)
      const [en, es] = locale === 'en' ? [path, twin] : [twin, path]
      const alternates = Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
      )
      expect(alternates).toEqual({
        en: `${baseURL}${en}`,
        es: `${baseURL}${es}`,
        'x-default': `${baseURL}${es}`,
      })
      expect(document.documentElement.lang).toBe(locale)
    },
  )

  it.each([
    { path: '/', locale: 'en' },
    { path: '/', locale: 'es' },
    { path: '/contact', locale: 'en' },
    { path: '/contact', locale: 'es' },
  ])(
    '$path ($locale) describes the agency as a ProfessionalService (JSON-LD)',
    async ({ path, locale }) => {
      const { document } = await fetchPage(path, { Cookie: `app-language=${locale}` })
      const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
      )
      const business = blocks.filter((data) => data['@type'] === 'ProfessionalService')
      expect(business).toHaveLength(1)
      expect(business[0]).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Puente Digital',
        url: '/',
        logo: expect.stringMatching(/^\/icons\/.+\.png$/),
        telephone: expect.stringMatching(/^\+[1-9]\d{7,14}$/),
        address: {
          '@type': 'PostalAddress',
          streetAddress: expect.any(String),
          addressLocality: 'Ciudad de México',
          postalCode: expect.stringMatching(/^\d{5}$/),
          addressCountry: 'MX',
        },
        openingHoursSpecification: [
          expect.objectContaining({
            '@type': 'OpeningHoursSpecification',
            opens: expect.stringMatching(/^\d\d:\d\d$/),
            closes: expect.stringMatching(/^\d\d:\d\d$/),
          }),
        ],
        areaServed: expect.arrayContaining([expect.objectContaining({ '@type': 'Country' })]),
        knowsLanguage: ['es', 'en'],
      })
      // The logo is served.
      const logo = await fetch(`${baseURL}${String(business[0]?.logo)}`)
      expect(logo.status).toBe(200)
      expect(logo.headers.get('content-type')).toBe('image/png')
    },
  )

  it.each([
    { path: '/services/web-design', locale: 'en', note: 'Prices + IVA. We issue CFDI invoices.' },
    { path: '/servicios/diseno-web', locale: 'es', note: 'Precios + IVA. Facturamos (CFDI).' },
    { path: '/contact', locale: 'en', note: 'Prices + IVA. We issue CFDI invoices.' },
    { path: '/contact', locale: 'es', note: 'Precios + IVA. Facturamos (CFDI).' },
  ])(
    '$path ($locale) says prices are + IVA and the agency issues CFDI invoices',
    async ({ path, locale, note }) => {
      const { document } = await fetchPage(path, { Cookie: `app-language=${locale}` })
      const texts = [...document.querySelectorAll('main p')].map((p) => p.textContent?.trim())
      expect(texts).toContain(note)
    },
  )

  it.each([
    { locale: 'en', hint: 'Amounts + IVA. We issue CFDI invoices.' },
    { locale: 'es', hint: 'Montos + IVA. Facturamos (CFDI).' },
  ])('the contact form says its budget ranges are + IVA ($locale)', async ({ locale, hint }) => {
    const { document } = await fetchPage('/contact', { Cookie: `app-language=${locale}` })
    const budget = document.querySelector('select[name="budget"]')
    const described = (budget?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent?.trim())
    expect(described).toContain(hint)
  })

  it('serves a neutral page in the browser language when nothing is stored', async () => {
    const { document, response } = await fetchPage('/', { 'Accept-Language': 'es-MX,es;q=0.9' })
    expect(document.documentElement.lang).toBe('es')
    expect(response.headers.get('Vary')).toMatch(/Cookie/)
    expect(response.headers.get('Vary')).toMatch(/Accept-Language/)
  })

  it('answers unknown paths with a translated 404 page', async () => {
    const { response, document } = await fetchPage('/no-such-page', { Cookie: 'app-language=es' })
    expect(response.status).toBe(404)
    expect(document.documentElement.lang).toBe('es')
    expect(document.querySelector('main h1')?.textContent).toBeTruthy()
    expect(attr(document, 'meta[name="robots"]', 'content')).toMatch(/noindex/)
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists every indexable public page with hreflang alternates', async () => {
    const response = await fetch(`${baseURL}/sitemap.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/xml/)
    const xml = new JSDOM(await response.text(), { contentType: 'application/xml' }).window.document
    const urls = [...xml.getElementsByTagName('url')]
    const locs = urls.map((url) => url.getElementsByTagName('loc')[0]?.textContent)
    expect(locs).toEqual(
      publicPaths
        .filter((path) => !unlistedPaths.includes(path))
        .map((path) => `${baseURL}${path}`),
    )
    expect(unlistedPaths).not.toContain('/register')
    for (const { path, locale, twin } of localizedPages) {
      const url = urls.find(
        (u) => u.getElementsByTagName('loc')[0]?.textContent === `${baseURL}${path}`,
      )
      const links = [...(url?.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link') ?? [])]
      const [en, es] = locale === 'en' ? [path, twin] : [twin, path]
      expect(
        Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
      ).toEqual({
        en: `${baseURL}${en}`,
        es: `${baseURL}${es}`,
        'x-default': `${baseURL}${es}`,
      })
    }
  })

  it('robots.txt names the sitemap', async () => {
    const response = await fetch(`${baseURL}/robots.txt`)
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap.xml$`, 'm'))
  })
})

describe('no AMP alternates (docs/decisions/014)', () => {
  const pages = ['/', '/about', '/services/web-development', '/servicios/desarrollo-web']

  it.each(pages)(
    '%s links no amphtml alternate, and its old /amp address redirects to it',
    async (path) => {
      const { document } = await fetchPage(path, { 'User-Agent': android })
      expect(document.querySelector('link[rel="amphtml"]')).toBeNull()
      const old = await fetch(`${baseURL}${path === '/' ? '/amp' : `/amp${path}`}`, {
        redirect: 'manual',
      })
      expect(old.status).toBe(301)
      expect(old.headers.get('Location')).toBe(path)
    },
  )
})

describe('the share image', () => {
  it('is a 1200×630 PNG', async () => {
    const { document } = await fetchPage('/')
    const image = attr(document, 'meta[property="og:image"]', 'content') ?? ''
    const response = await fetch(image)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630])
  })
})
