import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContentItem } from '../../domain/api/api-contract'
import type { WorkBody } from '../../domain/api/work-endpoints'
import { useAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { agencyAdmin } from '../test/request-kit'
import {
  databaseUrlOf,
  exited,
  type RunningServer,
  siteBuild,
  startServerProcess,
} from '../test/server-process'
import { sharedServerBuild } from '../test/shared-server-build'
import { testBackends } from '../test/test-database'

/**
 * Publishing in seconds (docs/decisions/060): the real built server, two instances on one
 * database, and the build's renderer. A change made on one instance is served by the other
 * once its LISTEN connection has heard of it: every wait below is on that condition, with a
 * deadline of 5 s (the promise of publishing), never a measured time.
 */
const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

const caseStudies = '/api/v1/admin/content/case-studies'
const within = { timeout: 5_000, interval: 100 }

/** Markup, a script's end and an attribute's quote, typed by an admin as text. */
const hostile = '<img src=x onerror="alert(1)"></script><script>alert(2)</script> & "quoted"'

const caseStudy = {
  client: 'Tostadores del Volcán',
  sector: { en: 'Coffee roaster, Xalapa', es: 'Tostador de café, Xalapa' },
  services: ['e-commerce'],
  situation: { en: `They sold at markets. ${hostile}`, es: `Vendían en mercados. ${hostile}` },
  constraint: { en: 'Two people.', es: 'Dos personas.' },
  approach: { en: 'A small shop.', es: 'Una tienda pequeña.' },
  outcome: { en: 'Orders from nine states.', es: 'Pedidos de nueve estados.' },
  results: [{ figure: '9', label: { en: 'states', es: 'estados' } }],
  gallery: [],
  testimonialId: null,
  featured: false,
  slug: { en: 'volcan-coffee-shop', es: 'tienda-cafe-volcan' },
}

type Page = { readonly status: number; readonly body: string }

async function page(server: RunningServer, path: string): Promise<Page> {
  const answer = await fetch(`${server.url}${path}`)
  return { status: answer.status, body: await answer.text() }
}

/** The inline scripts a page runs (not its data blocks), by their CSP hash. */
function runnableScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(
      ([, attributes, body]) =>
        !/\bsrc\s*=|application\/(ld\+)?json/i.test(attributes ?? '') && body,
    )
    .map(
      ([, , body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '', 'utf8')
          .digest('base64')}'`,
    )
}

describe('publishing renders the pages again, on every instance', () => {
  const kit = useAccountKit(embedded)
  let serverBuild: string
  let site: { readonly dir: string; readonly made: boolean }
  const started: ChildProcess[] = []

  beforeAll(async () => {
    serverBuild = await sharedServerBuild()
    site = siteBuild()
  }, 900_000)
  afterAll(() => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    if (site?.made) rmSync(site.dir, { recursive: true, force: true })
  })

  async function instance(settings: Record<string, string> = {}): Promise<RunningServer> {
    const server = await startServerProcess(serverBuild, {
      DATABASE_URL: databaseUrlOf(kit.database.connection),
      CLIENT_DIR: join(site.dir, 'client'),
      // Both instances write the same origin into the pages they render.
      PUBLIC_URL: 'http://agency.test',
      ...settings,
    })
    started.push(server.child)
    return server
  }

  /** The signed-in admin's browser, talking to `server`. */
  function adminOn(admin: ApiClient, server: RunningServer): ApiClient {
    const copy = new ApiClient(server.url)
    for (const [name, value] of admin.cookies) copy.cookies.set(name, value)
    return copy
  }

  it('a case study published on A is served by B at both addresses, in the listings, the sitemap and GET /api/v1/work; edited, then unpublished (404), and still so after a restart', async () => {
    // One after the other: the first start seeds the content (instances starting together on a
    // fresh database wait on each other's seed, within the lock timeout).
    const a = await instance()
    const b = await instance()
    const { admin } = await agencyAdmin(kit)
    const onA = adminOn(admin, a)

    // Nothing published yet: B serves the build's pages, and the new addresses are not pages.
    expect((await page(b, '/work/volcan-coffee-shop')).status).toBe(404)
    expect((await page(b, '/work')).body).not.toContain('Tostadores del Volcán')

    const created = await onA.post(caseStudies, { data: caseStudy })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { id } = created.body.item as ContentItem<'case-studies'>
    const published = await onA.post(`${caseStudies}/${id}/publish`, { version: 1 })
    expect(published.status, JSON.stringify(published.body)).toBe(200)

    await expect
      .poll(async () => (await page(b, '/work/volcan-coffee-shop')).status, within)
      .toBe(200)
    const english = await page(b, '/work/volcan-coffee-shop')
    expect(english.body).toContain('<html lang="en"')
    expect(english.body).toContain('Orders from nine states.')
    const spanish = await page(b, '/trabajos/tienda-cafe-volcan')
    expect(spanish.status).toBe(200)
    expect(spanish.body).toContain('<html lang="es"')
    expect(spanish.body).toContain('Pedidos de nueve estados.')
    for (const listing of ['/work', '/trabajos'])
      expect((await page(b, listing)).body).toContain('Tostadores del Volcán')
    const sitemap = await page(b, '/sitemap.xml')
    expect(sitemap.body).toContain('http://agency.test/work/volcan-coffee-shop')
    expect(sitemap.body).toContain('http://agency.test/trabajos/tienda-cafe-volcan')
    const work = await fetch(`${b.url}/api/v1/work`)
    expect(work.status).toBe(200)
    const etag = work.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const content = ((await work.json()) as WorkBody).content
    expect(content.caseStudies.map((study) => study.client)).toContain('Tostadores del Volcán')
    expect(
      (await fetch(`${b.url}/api/v1/work`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304)

    // What the admin typed is text: escaped in the markup, `\u003c` in the data block; the
    // page runs only the build's inline scripts (their hashes are the CSP's list).
    expect(english.body).not.toContain('<img src=x')
    expect(english.body).not.toContain('<script>alert(2)')
    expect(english.body).toContain('&lt;img src=x onerror=')
    expect(english.body).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(2)')
    const allowed = JSON.parse(
      readFileSync(join(site.dir, 'pages/csp-script-hashes.json'), 'utf8'),
    ) as string[]
    for (const body of [english.body, spanish.body, (await page(b, '/')).body])
      for (const hash of runnableScriptHashes(body)) expect(allowed).toContain(hash)

    // Edited while published: the new text on B.
    const edited = await onA.send('PATCH', `${caseStudies}/${id}`, {
      version: 2,
      data: {
        ...caseStudy,
        outcome: { en: 'Orders from twelve states.', es: 'Pedidos de doce estados.' },
      },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    await expect
      .poll(async () => (await page(b, '/trabajos/tienda-cafe-volcan')).body, within)
      .toContain('Pedidos de doce estados.')

    // Restarted: B serves what was last published.
    b.child.kill('SIGTERM')
    expect(await exited(b.child, 30_000)).toBe(0)
    const c = await instance()
    expect((await page(c, '/work/volcan-coffee-shop')).body).toContain('Orders from twelve states.')

    // Unpublished on A: the translated 404 page at both addresses on C, gone from the listing.
    const unpublished = await onA.post(`${caseStudies}/${id}/unpublish`, { version: 3 })
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200)
    await expect
      .poll(async () => (await page(c, '/work/volcan-coffee-shop')).status, within)
      .toBe(404)
    const gone = await page(c, '/trabajos/tienda-cafe-volcan')
    expect(gone.status).toBe(404)
    expect(gone.body).toContain('<html lang="es"')
    expect((await page(c, '/work')).body).not.toContain('Tostadores del Volcán')
    expect((await page(c, '/sitemap.xml')).body).not.toContain('volcan-coffee-shop')
  }, 180_000)

  it('a case study of the build (the seed) unpublished: its addresses answer 404 on every instance', async () => {
    // One after the other: the first start seeds the content (instances starting together on a
    // fresh database wait on each other's seed, within the lock timeout).
    const a = await instance()
    const b = await instance()
    const { admin } = await agencyAdmin(kit)
    const onA = adminOn(admin, a)
    expect((await page(b, '/work/sierra-norte-freight-portal')).status).toBe(200)
    const items = (await onA.get(caseStudies)).body.items as ContentItem<'case-studies'>[]
    const seed = items.find((item) => item.data.slug.en === 'sierra-norte-freight-portal')
    if (!seed) throw new Error('The seed has the case study')
    const unpublished = await onA.post(`${caseStudies}/${seed.id}/unpublish`, {
      version: seed.version,
    })
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200)
    await expect
      .poll(async () => (await page(b, '/work/sierra-norte-freight-portal')).status, within)
      .toBe(404)
    expect((await page(b, '/trabajos/portal-de-carga-sierra-norte')).status).toBe(404)
  }, 120_000)

  it("the home page's slides: an edited slide, a new one and their order published on A are served by B in both languages, the admin's text as text", async () => {
    const a = await instance()
    const b = await instance()
    const { admin } = await agencyAdmin(kit)
    const onA = adminOn(admin, a)
    const home = async (server: RunningServer, language: 'en' | 'es') =>
      (await fetch(`${server.url}/`, { headers: { Cookie: `app-language=${language}` } })).text()
    const titles = (html: string) =>
      [...html.matchAll(/<h2 class="slide-title">([^<]*)<\/h2>/g)].map(([, title]) => title)
    const slides = '/api/v1/admin/content/slides'
    expect(titles(await home(b, 'en'))).toEqual([
      'A digital bridge to your customers, in English and in Spanish',
      'Design, development and growth under one roof',
      'Software your team will enjoy using',
    ])

    const items = (await onA.get(slides)).body.items as ContentItem<'slides'>[]
    const design = items.find((item) => item.data.image.asset === 'hero-design')
    if (!design) throw new Error('The seed has the slides')
    // Edited and moved to the end.
    const edited = await onA.send('PATCH', `${slides}/${design.id}`, {
      version: design.version,
      data: {
        ...design.data,
        title: { en: `One roof, ${hostile}`, es: 'Todo bajo un techo' },
        order: 9,
      },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    // A fourth slide, published.
    const created = await onA.post(slides, {
      data: {
        ...design.data,
        title: { en: 'Shops that sell', es: 'Tiendas que venden' },
        buttonLink: { en: '/services/e-commerce', es: '/servicios/comercio-electronico' },
        order: 5,
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { id } = created.body.item as ContentItem<'slides'>
    const published = await onA.post(`${slides}/${id}/publish`, { version: 1 })
    expect(published.status, JSON.stringify(published.body)).toBe(200)

    await expect
      .poll(async () => titles(await home(b, 'es')), within)
      .toEqual([
        'Un puente digital hacia tus clientes, en español y en inglés',
        'Software que tu equipo disfrutará usar',
        'Tiendas que venden',
        'Todo bajo un techo',
      ])
    const english = await home(b, 'en')
    expect(titles(english).slice(2)).toEqual([
      'Shops that sell',
      // Markup's openings escaped (a `>` in text is text).
      'One roof, &lt;img src=x onerror=&quot;alert(1)&quot;>&lt;/script>&lt;script>alert(2)&lt;/script> &amp; &quot;quoted&quot;',
    ])
    expect(english).not.toContain('<script>alert(2)')
    // Four slides and four dots: the island counts what the markup has.
    expect(english).toContain('aria-label="4 of 4"')
    expect(english.match(/class="slideshow-dot"/g)).toHaveLength(4)
    // The first slide's picture is still the page's early one.
    expect(/<img\b[^>]*\bfetchPriority="high"[^>]*>/.exec(english)?.[0]).toContain(
      'alt="Two browser windows joined by a suspension bridge"',
    )
    const allowed = JSON.parse(
      readFileSync(join(site.dir, 'pages/csp-script-hashes.json'), 'utf8'),
    ) as string[]
    for (const hash of runnableScriptHashes(english)) expect(allowed).toContain(hash)
  }, 180_000)

  it('a WhatsApp number set at start links /contact, the service pages and the footer; a team member and a question published on A are served by B; the number unset at the next start, the links are gone', async () => {
    const whatsapp = { AGENCY_WHATSAPP: '+52 55 4170 2386' }
    const a = await instance(whatsapp)
    // The number differs from the one the stored pages show (none): the start renders them
    // again, in the background (every page that shows content, not the 5 s of a publish).
    const atStart = { timeout: 90_000, interval: 250 }
    await expect
      .poll(async () => (await page(a, '/servicios/diseno-web')).body, atStart)
      .toContain('https://wa.me/525541702386?text=')
    const b = await instance(whatsapp)
    const service = (await page(b, '/servicios/diseno-web')).body
    // The first message names the page's service, in the page's language.
    const chat = /href="https:\/\/wa\.me\/525541702386\?text=([^"]+)"/.exec(service)?.[1]
    expect(decodeURIComponent(chat ?? '')).toBe(
      'Hola, Puente Digital. Me gustaría saber más de su servicio "Diseño web".',
    )
    expect(service).toContain('Escríbenos por WhatsApp')
    const contact = await fetch(`${b.url}/contact`, { headers: { Cookie: 'app-language=en' } })
    expect(await contact.text()).toContain('Write to us on WhatsApp')
    // The footer of a page that shows content; a page without content keeps the build's.
    expect((await page(b, '/about')).body).toContain('https://wa.me/525541702386')
    expect((await page(b, '/privacy')).body).not.toContain('wa.me')

    const { admin } = await agencyAdmin(kit)
    const onA = adminOn(admin, a)
    const team = (await onA.get('/api/v1/admin/content/team')).body.items as ContentItem<'team'>[]
    const sofia = team.find((item) => item.data.name === 'Sofía Castañeda')
    if (!sofia) throw new Error('The seed has the team')
    expect((await page(b, '/about')).body).toContain('Sofía Castañeda')
    const gone = await onA.post(`/api/v1/admin/content/team/${sofia.id}/unpublish`, {
      version: sofia.version,
    })
    expect(gone.status, JSON.stringify(gone.body)).toBe(200)
    await expect
      .poll(async () => (await page(b, '/about')).body, within)
      .not.toContain('Sofía Castañeda')

    const faqs = (await onA.get('/api/v1/admin/content/faqs')).body.items as ContentItem<'faqs'>[]
    const backups = faqs.find((item) => item.data.question.en === 'Where are backups kept?')
    if (!backups) throw new Error('The seed has the question')
    const edited = await onA.send('PATCH', `/api/v1/admin/content/faqs/${backups.id}`, {
      version: backups.version,
      data: {
        ...backups.data,
        question: { en: 'Where are the backups kept?', es: '¿Dónde se guardan las copias?' },
      },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    await expect
      .poll(async () => (await page(b, '/servicios/mantenimiento-web')).body, within)
      .toContain('¿Dónde se guardan las copias?')
    // Still with the number: the publish renders with the instance's settings.
    expect((await page(b, '/services/web-maintenance')).body).toContain('wa.me/525541702386')

    for (const server of [a, b]) {
      server.child.kill('SIGTERM')
      expect(await exited(server.child, 30_000)).toBe(0)
    }
    const c = await instance()
    await expect
      .poll(async () => (await page(c, '/servicios/diseno-web')).body, atStart)
      .not.toContain('wa.me')
    expect((await page(c, '/about')).body).not.toContain('wa.me')
    expect((await page(c, '/services/web-maintenance')).body).toContain(
      'Where are the backups kept?',
    )
  }, 300_000)
})
