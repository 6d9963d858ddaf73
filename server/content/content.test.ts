import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContentItem, ContentRevision } from '../../domain/api/api-contract'
import { type ContentKind, contentKinds } from '../../domain/content/content-kinds'
import { isPublishable, missingForPublish } from '../../domain/content/content-publish'
import { type ContentDataOf, contentDataSchemas } from '../../domain/content/content-schemas'
import { setAccountRole } from '../admin/admin-role'
import { translator } from '../i18n/server-i18n'
import { maxBodyBytes } from '../security/json-body'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { ApiClient, type ApiServer, startApi } from '../test/api-harness'
import { agencyAdmin } from '../test/request-kit'
import { testBackends } from '../test/test-database'
import { seedContent } from './content-seed'

const missingId = '00000000-0000-4000-8000-000000000000'
const base = (kind: ContentKind) => `/api/v1/admin/content/${kind}`

const both = (en: string, es: string) => ({ en, es })
const image = (asset: string) => ({
  asset,
  fileId: null,
  alt: both('A laptop on a desk', 'Una laptop sobre un escritorio'),
})

/** One complete item of each kind (publishable as it is). */
const samples: { readonly [K in ContentKind]: ContentDataOf[K] } = {
  'case-studies': {
    client: 'Panadería La Espiga',
    sector: both('Bakery, Puebla', 'Panadería, Puebla'),
    services: ['e-commerce', 'seo'],
    situation: both('Orders came by phone.', 'Los pedidos llegaban por teléfono.'),
    constraint: both('A small budget.', 'Un presupuesto pequeño.'),
    approach: both('An online shop.', 'Una tienda en línea.'),
    outcome: both('Orders doubled.', 'Los pedidos se duplicaron.'),
    results: [{ figure: '+100 %', label: both('orders', 'pedidos') }],
    gallery: [],
    testimonialId: null,
    featured: false,
    slug: both('la-espiga-shop', 'tienda-la-espiga'),
  },
  testimonials: {
    quote: both('They listened.', 'Nos escucharon.'),
    person: 'Ana López',
    role: both('Owner', 'Dueña'),
    company: 'Panadería La Espiga',
    consentDate: '2026-04-01',
    caseStudyId: null,
  },
  team: {
    name: 'Carmen Ruiz',
    role: both('Designer', 'Diseñadora'),
    bio: both('Draws interfaces.', 'Dibuja interfaces.'),
    image: image('carmen-ruiz'),
    order: 9,
  },
  slides: {
    title: both('A title', 'Un título'),
    subtitle: both('About us', 'Nosotros'),
    paragraph: both('A paragraph.', 'Un párrafo.'),
    buttonText: both('Read more', 'Leer más'),
    buttonLink: both('/about', 'https://agency.example/about'),
    image: image('hero-bridge'),
    order: 9,
  },
  cards: {
    image: image('card-code'),
    badgeIcon: '',
    badge: both('', ''),
    title: both('A card', 'Una tarjeta'),
    description: both('What it offers.', 'Lo que ofrece.'),
    buttonText: both('Learn More', 'Saber más'),
    link: both('/services/seo', '/servicios/posicionamiento-seo'),
    order: 9,
  },
  faqs: {
    area: 'seo-marketing',
    question: both('Do you write content?', '¿Escriben contenido?'),
    answer: both('Yes, in both languages.', 'Sí, en ambos idiomas.'),
    order: 9,
  },
}

/** A case study's fields with unique addresses (the slugs name one case study each). */
let slugCount = 0
function caseStudy(changes: Partial<ContentDataOf['case-studies']> = {}) {
  slugCount += 1
  return {
    ...samples['case-studies'],
    slug: both(`espiga-${slugCount}`, `espiga-es-${slugCount}`),
    ...changes,
  }
}

describe.each(testBackends())('the site content API on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  let adminEmail: string

  beforeAll(async () => {
    kit = await startAccountKit(backend)
    admin = (await agencyAdmin(kit)).admin
    adminEmail = ((await admin.get('/api/v1/me')).body.user as { email: string }).email
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  async function created<K extends ContentKind>(
    kind: K,
    data: unknown = samples[kind],
    as: ApiClient = admin,
  ): Promise<ContentItem<K>> {
    const answer = await as.post(base(kind), { data })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.item as ContentItem<K>
  }

  describe('the seed', () => {
    it('is inserted once, even by two instances starting together, and all of it is publishable', async () => {
      const other = new pg.Pool(kit.database.connection)
      try {
        const seeded = await Promise.all([
          seedContent(kit.database.pool),
          seedContent(other),
          seedContent(kit.database.pool),
        ])
        expect(seeded.filter(Boolean)).toHaveLength(1)
      } finally {
        await other.end()
      }
      expect(await seedContent(kit.database.pool)).toBe(false)
      const counts: Record<string, number> = {}
      const t = translator('en')
      for (const kind of contentKinds) {
        const answer = await admin.get(base(kind))
        expect(answer.status).toBe(200)
        const items = answer.body.items as ContentItem[]
        counts[kind] = items.length
        for (const item of items) {
          expect(item.state).toBe('published')
          expect(item.version).toBe(1)
          expect(v.safeParse(contentDataSchemas[kind](t), item.data).success, item.id).toBe(true)
          expect(isPublishable(missingForPublish(kind, item.data)), item.id).toBe(true)
        }
      }
      expect(counts).toEqual({
        'case-studies': 3,
        testimonials: 4,
        team: 5,
        slides: 3,
        cards: 4,
        faqs: 15,
      })
      const team = (await admin.get(base('team'))).body.items as ContentItem<'team'>[]
      expect(team.map((member) => member.data.name)).toEqual([
        'Lucía Ramírez',
        'Mariana Ortega',
        'Diego Hernández',
        'Andrés Villalobos',
        'Sofía Castañeda',
      ])
      const slides = (await admin.get(base('slides'))).body.items as ContentItem<'slides'>[]
      expect(slides[0]?.data.title).toEqual({
        en: 'A digital bridge to your customers, in English and in Spanish',
        es: 'Un puente digital hacia tus clientes, en español y en inglés',
      })
    })
  })

  describe.each(contentKinds)('CRUD of %s through the API', (kind) => {
    it('creates a draft, reads, lists, edits, publishes, unpublishes and deletes it', async () => {
      const data = kind === 'case-studies' ? caseStudy() : samples[kind]
      const item = await created(kind, data)
      expect(item).toMatchObject({ kind, state: 'draft', version: 1, publishedAt: null, data })
      expect(item.updatedBy?.email).toBe(adminEmail)

      const read = await admin.get(`${base(kind)}/${item.id}`)
      expect(read.status).toBe(200)
      expect(read.body.item).toEqual(item)
      const listed = (await admin.get(base(kind))).body.items as ContentItem[]
      expect(listed.map((row) => row.id)).toContain(item.id)

      const changed = kind === 'faqs' ? { ...data, order: 3 } : { ...data }
      const edited = await admin.send('PATCH', `${base(kind)}/${item.id}`, {
        version: 1,
        data: changed,
      })
      expect(edited.status, JSON.stringify(edited.body)).toBe(200)
      expect(edited.body.item).toMatchObject({ version: 2, data: changed, state: 'draft' })

      const published = await admin.post(`${base(kind)}/${item.id}/publish`, { version: 2 })
      expect(published.status, JSON.stringify(published.body)).toBe(200)
      expect(published.body.item).toMatchObject({ version: 3, state: 'published' })
      expect((published.body.item as ContentItem).publishedAt).not.toBeNull()

      const unpublished = await admin.post(`${base(kind)}/${item.id}/unpublish`, { version: 3 })
      expect(unpublished.status).toBe(200)
      expect(unpublished.body.item).toMatchObject({
        version: 4,
        state: 'draft',
        publishedAt: null,
      })

      const deleted = await admin.send('DELETE', `${base(kind)}/${item.id}`, { version: 4 })
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
      expect(deleted.body).toMatchObject({ success: true })
      expect((await admin.get(`${base(kind)}/${item.id}`)).status).toBe(404)
      const { rows } = await kit.database.pool.query(
        'SELECT count(*)::int AS n FROM content_revisions WHERE item_id = $1',
        [item.id],
      )
      expect(rows[0].n).toBe(0)
    })
  })

  it('keeps each kind to its own items: an id of another kind is a 404', async () => {
    const faq = await created('faqs')
    expect((await admin.get(`${base('slides')}/${faq.id}`)).status).toBe(404)
    const edited = await admin.send('PATCH', `${base('slides')}/${faq.id}`, {
      version: 1,
      data: samples.slides,
    })
    expect(edited.status).toBe(404)
    expect((await admin.get(`${base('faqs')}/not-a-uuid`)).status).toBe(404)
    expect((await admin.get(`${base('faqs')}/${missingId}`)).body.code).toBe('not_found')
  })

  describe('optimistic concurrency', () => {
    it('a save with a stale version answers 409 conflict with the current version, and overwrites nothing', async () => {
      const item = await created('slides')
      const first = { ...samples.slides, title: both('First edit', 'Primera edición') }
      const second = { ...samples.slides, title: both('Second edit', 'Segunda edición') }
      const saved = await admin.send('PATCH', `${base('slides')}/${item.id}`, {
        version: 1,
        data: first,
      })
      expect(saved.status).toBe(200)
      const stale = await admin.send('PATCH', `${base('slides')}/${item.id}`, {
        version: 1,
        data: second,
      })
      expect(stale.status).toBe(409)
      expect(stale.body).toMatchObject({ success: false, code: 'conflict', currentVersion: 2 })
      expect(stale.body.message).toContain('version 2')
      const now = (await admin.get(`${base('slides')}/${item.id}`)).body.item as ContentItem
      expect(now).toMatchObject({ version: 2, data: first })

      for (const [method, path] of [
        ['POST', `${base('slides')}/${item.id}/publish`],
        ['POST', `${base('slides')}/${item.id}/unpublish`],
        ['DELETE', `${base('slides')}/${item.id}`],
      ] as const) {
        const answer = await admin.send(method, path, { version: 1 })
        expect(answer.status, path).toBe(409)
        expect(answer.body, path).toMatchObject({ code: 'conflict', currentVersion: 2 })
      }
      expect((await admin.get(`${base('slides')}/${item.id}`)).body.item).toMatchObject({
        version: 2,
        state: 'draft',
      })
    })

    it('of two saves of one version at once, one is saved and the other is 409', async () => {
      const item = await created('cards')
      const answers = await Promise.all(
        ['One', 'Two', 'Three'].map((word) =>
          admin.send('PATCH', `${base('cards')}/${item.id}`, {
            version: 1,
            data: { ...samples.cards, title: both(word, word) },
          }),
        ),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
      for (const answer of answers.filter((a) => a.status === 409))
        expect(answer.body.currentVersion).toBe(2)
      const revisions = await admin.get(`${base('cards')}/${item.id}/revisions`)
      expect((revisions.body.revisions as ContentRevision[]).map((r) => r.number)).toEqual([2, 1])
    })

    it('answers the conflict in Spanish to a Spanish admin', async () => {
      const item = await created('faqs')
      await admin.post(`${base('faqs')}/${item.id}/publish`, { version: 1 })
      admin.cookies.set('app-language', 'es')
      try {
        const stale = await admin.post(`${base('faqs')}/${item.id}/unpublish`, { version: 1 })
        expect(stale.status).toBe(409)
        expect(stale.body.message).toBe(
          'Alguien más guardó este elemento desde que lo abriste (ahora está en la versión 2). Vuelve a cargarlo y haz tu cambio de nuevo.',
        )
      } finally {
        admin.cookies.delete('app-language')
      }
    })
  })

  describe('the publish rule: both languages or not at all', () => {
    it('refuses to publish with texts missing, listing each field in each language', async () => {
      const item = await created(
        'case-studies',
        caseStudy({
          client: '',
          sector: both('Bakery', ''),
          outcome: both('', 'Se duplicaron'),
          results: [
            { figure: '+100 %', label: both('orders', 'pedidos') },
            { figure: '2 s', label: both('', '') },
          ],
        }),
      )
      const refused = await admin.post(`${base('case-studies')}/${item.id}/publish`, {
        version: 1,
      })
      expect(refused.status).toBe(400)
      expect(refused.body.code).toBe('invalid_fields')
      expect(refused.body.message).toBe(
        'Publishing needs every text in both languages. Missing in English: client, outcome, results.1.label. Missing in Spanish: client, sector, results.1.label.',
      )
      expect(refused.body.fields).toEqual({
        'data.client.en': 'Write this in English before publishing.',
        'data.client.es': 'Write this in Spanish before publishing.',
        'data.outcome.en': 'Write this in English before publishing.',
        'data.results.1.label.en': 'Write this in English before publishing.',
        'data.sector.es': 'Write this in Spanish before publishing.',
        'data.results.1.label.es': 'Write this in Spanish before publishing.',
      })
      const still = (await admin.get(`${base('case-studies')}/${item.id}`)).body.item
      expect(still).toMatchObject({ state: 'draft', version: 1 })
      expect(
        (await admin.get(`${base('case-studies')}/${item.id}/revisions`)).body.revisions,
      ).toHaveLength(1)
    })

    it('lists them in Spanish for a Spanish admin, and an optional text may be empty in both but not in one', async () => {
      const bare = await created('cards')
      const ok = await admin.post(`${base('cards')}/${bare.id}/publish`, { version: 1 })
      expect(ok.status, JSON.stringify(ok.body)).toBe(200)

      const half = await created('cards', { ...samples.cards, badge: both('Featured', '') })
      admin.cookies.set('app-language', 'es')
      try {
        const refused = await admin.post(`${base('cards')}/${half.id}/publish`, { version: 1 })
        expect(refused.status).toBe(400)
        expect(refused.body.message).toBe(
          'Para publicar, cada texto debe estar en ambos idiomas. Falta en español: badge.',
        )
        expect(refused.body.fields).toEqual({
          'data.badge.es': 'Escribe esto en español antes de publicar.',
        })
      } finally {
        admin.cookies.delete('app-language')
      }
    })

    it('a published item stays complete: an edit that empties a text is refused, and it stays as it was', async () => {
      const item = await created('team')
      await admin.post(`${base('team')}/${item.id}/publish`, { version: 1 })
      const emptied = await admin.send('PATCH', `${base('team')}/${item.id}`, {
        version: 2,
        data: { ...samples.team, bio: both('Draws interfaces.', '') },
      })
      expect(emptied.status).toBe(400)
      expect(emptied.body.fields).toEqual({
        'data.bio.es': 'Write this in Spanish before publishing.',
      })
      expect((await admin.get(`${base('team')}/${item.id}`)).body.item).toMatchObject({
        version: 2,
        state: 'published',
        data: samples.team,
      })
    })
  })

  describe('revisions', () => {
    it('lists every save with who and when, newest first, and restores one as a new revision', async () => {
      const item = await created('testimonials')
      const path = `${base('testimonials')}/${item.id}`
      const second = { ...samples.testimonials, quote: both('Second', 'Segunda') }
      const third = { ...samples.testimonials, quote: both('Third', 'Tercera') }
      expect((await admin.send('PATCH', path, { version: 1, data: second })).status).toBe(200)
      expect((await admin.send('PATCH', path, { version: 2, data: third })).status).toBe(200)
      expect((await admin.post(`${path}/publish`, { version: 3 })).status).toBe(200)

      const listed = await admin.get(`${path}/revisions`)
      expect(listed.status).toBe(200)
      const revisions = listed.body.revisions as ContentRevision<'testimonials'>[]
      expect(revisions.map((r) => [r.number, r.action, r.state])).toEqual([
        [4, 'publish', 'published'],
        [3, 'edit', 'draft'],
        [2, 'edit', 'draft'],
        [1, 'create', 'draft'],
      ])
      for (const revision of revisions) {
        expect(revision.author?.email).toBe(adminEmail)
        expect(Number.isNaN(Date.parse(revision.createdAt))).toBe(false)
      }
      expect(revisions[2]?.data).toEqual(second)

      const secondId = revisions[2]?.id ?? ''
      const restored = await admin.post(`${path}/revisions/${secondId}/restore`, { version: 4 })
      expect(restored.status, JSON.stringify(restored.body)).toBe(200)
      expect(restored.body.item).toMatchObject({ version: 5, state: 'published', data: second })
      const after = (await admin.get(`${path}/revisions`)).body.revisions as ContentRevision[]
      expect(after).toHaveLength(5)
      expect(after[0]).toMatchObject({ number: 5, action: 'restore', restoredFrom: 2 })

      // A stale restore, a revision of another item, an unknown one.
      const stale = await admin.post(`${path}/revisions/${secondId}/restore`, { version: 4 })
      expect(stale.body).toMatchObject({ code: 'conflict', currentVersion: 5 })
      const other = await created('testimonials')
      const foreign = await admin.post(
        `${base('testimonials')}/${other.id}/revisions/${secondId}/restore`,
        { version: 1 },
      )
      expect(foreign.status).toBe(404)
      expect(foreign.body.message).toBe('That revision does not exist for this item.')
      const unknown = await admin.post(`${path}/revisions/${missingId}/restore`, { version: 5 })
      expect(unknown.status).toBe(404)
      expect((await admin.get(`${base('testimonials')}/${missingId}/revisions`)).status).toBe(404)
    })

    it('refuses to restore, into a published item, a revision that is not complete', async () => {
      const item = await created('faqs', { ...samples.faqs, answer: both('Yes.', '') })
      const path = `${base('faqs')}/${item.id}`
      await admin.send('PATCH', path, { version: 1, data: samples.faqs })
      await admin.post(`${path}/publish`, { version: 2 })
      const first = ((await admin.get(`${path}/revisions`)).body.revisions as ContentRevision[]).at(
        -1,
      )
      const refused = await admin.post(`${path}/revisions/${first?.id}/restore`, { version: 3 })
      expect(refused.status).toBe(400)
      expect(refused.body.fields).toEqual({
        'data.answer.es': 'Write this in Spanish before publishing.',
      })
    })
  })

  describe('the gate', () => {
    it('401 without a session, 403 for a client, 403 mfa_required for an admin without a proved second factor', async () => {
      const anonymous = new ApiClient(kit.api.url)
      expect((await anonymous.get(base('case-studies'))).body.code).toBe('unauthenticated')
      expect((await anonymous.post(base('case-studies'), { data: caseStudy() })).status).toBe(401)

      const client = await kit.signedIn(await kit.verifiedAccount())
      const forbidden = await client.post(base('faqs'), { data: samples.faqs })
      expect(forbidden.status).toBe(403)
      expect(forbidden.body.code).toBe('forbidden')

      const account = await kit.verifiedAccount()
      await setAccountRole(kit.database.pool, account.email, 'admin')
      const passwordOnly = await kit.signedIn(account)
      for (const answer of [
        await passwordOnly.get(base('team')),
        await passwordOnly.post(base('team'), { data: samples.team }),
      ]) {
        expect(answer.status).toBe(403)
        expect(answer.body.code).toBe('mfa_required')
      }
    })

    it('403 xsrf_failed for a change without the XSRF header, or with a forged one; nothing is saved', async () => {
      const { rows: before } = await kit.database.pool.query(
        'SELECT count(*)::int AS n FROM content_items',
      )
      const missing = await admin.send(
        'POST',
        base('faqs'),
        { data: samples.faqs },
        { xsrf: false },
      )
      expect(missing.status).toBe(403)
      expect(missing.body.code).toBe('xsrf_failed')
      const forged = await admin.send(
        'POST',
        base('faqs'),
        { data: samples.faqs },
        { headers: { 'x-xsrf-token': 'forged' } },
      )
      expect(forged.body.code).toBe('xsrf_failed')
      const item = await created('faqs')
      const publish = await admin.send(
        'POST',
        `${base('faqs')}/${item.id}/publish`,
        { version: 1 },
        { xsrf: false },
      )
      expect(publish.body.code).toBe('xsrf_failed')
      const { rows: after } = await kit.database.pool.query(
        'SELECT count(*)::int AS n FROM content_items',
      )
      expect(after[0].n).toBe(before[0].n + 1)
      expect((await admin.get(`${base('faqs')}/${item.id}`)).body.item).toMatchObject({
        state: 'draft',
      })
    })
  })

  describe('hostile content', () => {
    it('stores markup and scripts as text, returned as they were typed, in JSON', async () => {
      const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"'
      const item = await created('faqs', {
        ...samples.faqs,
        question: both(markup, `¿${markup}?`),
      })
      const read = await admin.get(`${base('faqs')}/${item.id}`)
      expect(read.headers.get('content-type')).toMatch(/^application\/json/)
      expect((read.body.item as ContentItem<'faqs'>).data.question).toEqual(
        both(markup, `¿${markup}?`),
      )
    })

    it.each([
      ['a right-to-left override', 'Pay \u202Efdp.exe', 'U+202E'],
      ['a right-to-left mark', 'Hello \u200F world', 'U+200F'],
      ['a bidi isolate', 'Hello \u2066 world', 'U+2066'],
      ['a NUL', 'Hello\u0000', 'U+0000'],
      ['an escape', 'Hello \u001b[31m red', 'U+001B'],
      ['a C1 control', 'Hello \u0085 world', 'U+0085'],
      ['a line separator', 'Hello\u2028world', 'U+2028'],
    ])('refuses %s, naming it', async (_, text, code) => {
      const answer = await admin.post(base('slides'), {
        data: { ...samples.slides, title: both('Fine', text) },
      })
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('invalid_fields')
      expect(answer.body.fields).toEqual({
        'data.title.es': `Remove the invisible control character ${code} from this text (it can hide or reorder what readers see).`,
      })
    })

    it('keeps a title, a name or a button on one line', async () => {
      for (const title of ['Two\nlines', 'A\ttab', 'Carriage\rreturn']) {
        const answer = await admin.post(base('slides'), {
          data: { ...samples.slides, buttonText: both('Fine', title) },
        })
        expect(answer.status, title).toBe(400)
        expect(answer.body.fields, title).toEqual({
          'data.buttonText.es': 'Keep this on one line (no line breaks or tabs).',
        })
      }
    })

    it('keeps line breaks and tabs in a paragraph', async () => {
      const paragraph = both('One.\r\n\tTwo.', 'Uno.\nDos.')
      const item = await created('slides', { ...samples.slides, paragraph })
      expect(item.data.paragraph).toEqual(both('One.\n\tTwo.', 'Uno.\nDos.'))
    })

    it('refuses a field over its length (400, naming it) and a 100 kB field (413)', async () => {
      const long = await admin.post(base('faqs'), {
        data: { ...samples.faqs, question: both('x'.repeat(201), 'y') },
      })
      expect(long.status).toBe(400)
      expect(long.body.fields).toEqual({ 'data.question.en': 'Use at most 200 characters.' })
      const huge = await admin.post(base('faqs'), {
        data: { ...samples.faqs, answer: both('x'.repeat(100 * 1024), 'y') },
      })
      expect(100 * 1024).toBeGreaterThan(maxBodyBytes)
      expect(huge.status).toBe(413)
      expect(huge.body.code).toBe('too_large')
    })

    it.each([
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/path',
      '/\\evil.example',
      'ftp://files.example/x',
      'mailto:someone@example.com',
      'https://',
      'contact',
      '/con tact',
    ])('refuses the link %s', async (link) => {
      const answer = await admin.post(base('cards'), {
        data: { ...samples.cards, link: both('/services/seo', link) },
      })
      expect(answer.status).toBe(400)
      expect(Object.keys(answer.body.fields as object)).toEqual(['data.link.es'])
    })

    it('accepts http(s) links and the site’s own paths', async () => {
      for (const link of [
        'https://example.com/a?b=c#d',
        'http://example.com',
        '/',
        '/contact#form',
      ])
        await created('cards', { ...samples.cards, link: both(link, link) })
    })

    it('refuses unknown fields, wrong types, unknown services, more than four results, a bad slug', async () => {
      const cases: [unknown, string][] = [
        [{ ...caseStudy(), extra: 'x' }, 'data.extra'],
        [{ ...caseStudy(), featured: 'yes' }, 'data.featured'],
        [{ ...caseStudy(), services: ['web-design', 'plumbing'] }, 'data.services.1'],
        [{ ...caseStudy(), services: ['seo', 'seo'] }, 'data.services'],
        [
          {
            ...caseStudy(),
            results: Array.from({ length: 5 }, () => samples['case-studies'].results[0]),
          },
          'data.results',
        ],
        [{ ...caseStudy(), slug: both('Hello World', 'hola') }, 'data.slug.en'],
        [
          { ...caseStudy(), gallery: [{ fileId: 'x', alt: both('a', 'b') }] },
          'data.gallery.0.fileId',
        ],
        [{ ...caseStudy(), sector: 'Bakery' }, 'data.sector'],
      ]
      for (const [data, field] of cases) {
        const answer = await admin.post(base('case-studies'), { data })
        expect(answer.status, field).toBe(400)
        expect(Object.keys(answer.body.fields as object), field).toEqual([field])
      }
      const dated = await admin.post(base('testimonials'), {
        data: { ...samples.testimonials, consentDate: '2026-02-30' },
      })
      expect(Object.keys(dated.body.fields as object)).toEqual(['data.consentDate'])
    })

    it('refuses a case study address another one has, and a link to an item that does not exist', async () => {
      const first = await created('case-studies', caseStudy())
      const taken = await admin.post(base('case-studies'), {
        data: { ...caseStudy(), slug: both('fresh-slug-1', first.data.slug.es) },
      })
      expect(taken.status).toBe(400)
      expect(taken.body.fields).toEqual({
        'data.slug.es': 'Another case study already uses this address.',
      })
      const dangling = await admin.post(base('case-studies'), {
        data: { ...caseStudy(), testimonialId: missingId },
      })
      expect(dangling.status).toBe(400)
      expect(Object.keys(dangling.body.fields as object)).toEqual(['data.testimonialId'])
      const quote = await created('testimonials', {
        ...samples.testimonials,
        caseStudyId: first.id,
      })
      await created('case-studies', caseStudy({ testimonialId: quote.id as never }))
    })
  })

  describe('two server instances on one database', () => {
    let second: ApiServer
    let elsewhere: ApiClient
    beforeAll(async () => {
      second = await startApi(kit.database)
      // The same browser, its requests now reaching the other instance.
      elsewhere = new ApiClient(second.url, admin.address)
      for (const [name, value] of admin.cookies) elsewhere.cookies.set(name, value)
    })
    afterAll(async () => {
      await second?.close()
    })

    it('see the same content, and a stale save on one after a save on the other is 409', async () => {
      const item = await created('slides')
      const seen = await elsewhere.get(`${base('slides')}/${item.id}`)
      expect(seen.status).toBe(200)
      expect(seen.body.item).toEqual(item)

      const there = { ...samples.slides, title: both('Saved there', 'Guardado allá') }
      const savedThere = await elsewhere.send('PATCH', `${base('slides')}/${item.id}`, {
        version: 1,
        data: there,
      })
      expect(savedThere.status).toBe(200)
      const staleHere = await admin.send('PATCH', `${base('slides')}/${item.id}`, {
        version: 1,
        data: samples.slides,
      })
      expect(staleHere.status).toBe(409)
      expect(staleHere.body.currentVersion).toBe(2)
      expect((await admin.get(`${base('slides')}/${item.id}`)).body.item).toMatchObject({
        version: 2,
        data: there,
      })
      const published = await admin.post(`${base('slides')}/${item.id}/publish`, { version: 2 })
      expect(published.status).toBe(200)
      const list = (await elsewhere.get(base('slides'))).body.items as ContentItem[]
      expect(list.find((row) => row.id === item.id)).toMatchObject({
        state: 'published',
        version: 3,
      })
    })
  })
})
