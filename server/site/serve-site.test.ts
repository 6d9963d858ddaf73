import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiteRoutes } from './serve-site'

const buildOrigin = 'http://build.test:3000'
const publicUrl = 'https://www.example.test'

const page = (lang: string, name: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${name}</title><link rel="canonical" href="${buildOrigin}/x"></head><body><h1>${name}</h1></body></html>`

const files: Record<string, string> = {
  'en/index.html': page('en', 'home en'),
  'es/index.html': page('es', 'home es'),
  'en/about.html': page('en', 'about en'),
  'es/about.html': page('es', 'about es'),
  'en/register.html': page('en', 'register en'),
  'es/register.html': page('es', 'register es'),
  'en/services/seo.html': page('en', 'seo'),
  'es/servicios/posicionamiento-seo.html': page('es', 'posicionamiento'),
  'en/my-services/$requestId.html': page('en', 'request shell en'),
  'es/my-services/$requestId.html': page('es', 'request shell es'),
  'en/404.html': page('en', 'not found'),
  'es/404.html': page('es', 'no encontrada'),
  'sitemap.xml': `<urlset><url><loc>${buildOrigin}/</loc></url></urlset>`,
  'robots.txt': `Sitemap: ${buildOrigin}/sitemap.xml\n`,
}

describe('the site server', () => {
  let root: string
  let site: ReturnType<typeof createSiteRoutes>
  const get = (path: string, headers: Record<string, string> = {}) =>
    site.request(path, { headers })

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'serve-site-'))
    const write = (path: string, content: string | Buffer) => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), content)
    }
    for (const [file, content] of Object.entries(files)) write(`pages/${file}`, content)
    // The pages as the build lists them (derived from the routes): neutral pages have no locale.
    const pages = [
      { path: '/' },
      { path: '/about' },
      { path: '/register' },
      { path: '/my-services/$requestId' },
      { path: '/services/seo', locale: 'en' },
      { path: '/servicios/posicionamiento-seo', locale: 'es' },
    ]
    write(
      'pages/manifest.json',
      JSON.stringify({ origin: buildOrigin, files: Object.keys(files), pages }),
    )
    write('client/assets/app-1234.js', 'console.log(1)')
    write('client/assets/app-1234.js.br', Buffer.from([1, 2, 3]))
    write('client/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')
    site = createSiteRoutes({ clientDir: join(root, 'client'), publicUrl })
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('sends a neutral page in the language of the app-language cookie, before Accept-Language', async () => {
    const res = await get('/about', { Cookie: 'app-language=es', 'Accept-Language': 'en-US' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('about es')
    expect(res.headers.get('Content-Language')).toBe('es')
    expect(res.headers.get('Vary')).toMatch(/Cookie, Accept-Language/)
  })

  it('falls back to Accept-Language (by q-value), then English', async () => {
    expect(
      await (await get('/', { 'Accept-Language': 'fr;q=1, es-MX;q=0.8, en;q=0.5' })).text(),
    ).toContain('home es')
    expect(await (await get('/', { 'Accept-Language': 'de' })).text()).toContain('home en')
    expect(await (await get('/')).text()).toContain('home en')
  })

  it('sends a service page in its own language whatever the visitor prefers', async () => {
    const res = await get('/servicios/posicionamiento-seo', { Cookie: 'app-language=en' })
    expect(await res.text()).toContain('posicionamiento')
    expect(res.headers.get('Vary')).not.toMatch(/Cookie/)
  })

  it('rewrites the build origin to PUBLIC_URL', async () => {
    const body = await (await get('/services/seo')).text()
    expect(body).toContain(`href="${publicUrl}/x"`)
    expect(body).not.toContain(buildOrigin)
    expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>${publicUrl}/</loc>`)
    const robots = await get('/robots.txt')
    expect(robots.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(await robots.text()).toBe(`Sitemap: ${publicUrl}/sitemap.xml\n`)
  })

  it('redirects the former /amp light versions to their page, and never links to one', async () => {
    const home = await get('/amp')
    expect(home.status).toBe(301)
    expect(home.headers.get('Location')).toBe('/')
    expect((await get('/amp/services/seo')).headers.get('Location')).toBe('/services/seo')
    expect((await get('/amp/not-a-page')).status).toBe(404)
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
    const res = await get('/services/seo', { 'User-Agent': android })
    expect(await res.text()).not.toContain('amphtml')
    expect(res.headers.get('Vary') ?? '').not.toMatch(/User-Agent/)
  })

  it('sends pages brotli- or gzip-compressed per Accept-Encoding, the CSP hashes beside them', async () => {
    const br = await get('/about', {
      'Accept-Encoding': 'gzip, deflate, br',
      Cookie: 'app-language=es',
    })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Cookie, Accept-Language, Accept-Encoding')
    const brBody = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')
    expect(brBody).toContain('about es')
    const gz = await get('/services/seo', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(gz.headers.get('Vary')).toBe('Accept-Encoding')
    // The build origin is rewritten before compressing.
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toContain(publicUrl)
    const plain = await get('/services/seo')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    // One validator per representation.
    expect(new Set([br, gz, plain].map((r) => r.headers.get('ETag'))).size).toBe(3)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/services/seo')
    const etag = first.headers.get('ETag') ?? ''
    expect(etag).not.toBe('')
    expect((await get('/services/seo', { 'If-None-Match': etag })).status).toBe(304)
    // As a browser sends it back after a compressed answer (weak), among others.
    expect((await get('/services/seo', { 'If-None-Match': `"x", W/${etag}` })).status).toBe(304)
    expect((await get('/services/seo', { 'If-None-Match': '"other"' })).status).toBe(200)
  })

  it('sends the one shell of a page with a parameter for any value of it, one segment only', async () => {
    const res = await get('/my-services/0b6f3c2e-1d7a-4c8e-9f00-123456789abc', {
      Cookie: 'app-language=es',
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('request shell es')
    expect((await get('/my-services/a/b')).status).toBe(404)
    expect((await get('/my-services')).status).toBe(404)
  })

  it('answers unknown paths with the translated 404 page', async () => {
    const res = await get('/nope', { 'Accept-Language': 'es' })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('no encontrada')
    // A public path with a wrong-language slug is not a page either.
    expect((await get('/services/posicionamiento-seo')).status).toBe(404)
  })

  it('redirects a trailing slash to the one URL of the page', async () => {
    const res = await get('/about/?a=1')
    expect(res.status).toBe(301)
    expect(res.headers.get('Location')).toBe('/about?a=1')
  })

  it('serves hashed assets precompressed and immutable', async () => {
    const res = await get('/assets/app-1234.js', { 'Accept-Encoding': 'gzip, br' })
    expect(res.headers.get('Content-Encoding')).toBe('br')
    expect(res.headers.get('Cache-Control')).toContain('immutable')
  })
})
