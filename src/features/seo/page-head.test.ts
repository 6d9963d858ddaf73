import { beforeAll, describe, expect, it } from 'vitest'
import { localizedPages } from '../../../domain/pages/public-paths'
import { serviceTable } from '../../../domain/services/service-table'
import { activateLocale, ensureCatalogs, i18n } from '../../i18n/i18n'
import { publicPages, publicPaths } from '../../routing/public-pages'
import { serviceContent } from '../services/service-content'
import { buildPageHead, type HeadTag, serviceDescription } from './page-head'

const origin = 'https://example.test'

/** The public page at `path`, as the routes declare it. */
const pageRefFor = (path: string) => publicPages.find((page) => page.path === path)

function tag(tags: readonly HeadTag[], key: string): string | undefined {
  for (const t of tags) {
    if (t.tag === 'meta' && 'name' in t && t.name === key) return t.content
    if (t.tag === 'meta' && 'property' in t && t.property === key) return t.content
    if (t.tag === 'link' && !t.hreflang && t.rel === key) return t.href
  }
  return undefined
}

function hreflangs(tags: readonly HeadTag[]): Record<string, string> {
  return Object.fromEntries(
    tags.flatMap((t) => (t.tag === 'link' && t.hreflang ? [[t.hreflang, t.href]] : [])),
  )
}

describe('page metadata', () => {
  beforeAll(async () => {
    await activateLocale('en')
    await ensureCatalogs(['services'])
    await activateLocale('es')
    await ensureCatalogs(['services'])
  })

  it('names the real meta description of every service (the id is built, not imported)', () => {
    for (const service of serviceTable) {
      expect(serviceDescription(service.en).id).toBe(serviceContent[service.en].metaDescription.id)
    }
  })

  it('gives every public page, in both languages, a translated title, description and canonical', async () => {
    for (const locale of ['en', 'es'] as const) {
      await activateLocale(locale)
      for (const path of publicPaths) {
        const page = pageRefFor(path)
        expect(page, path).toBeDefined()
        const head = buildPageHead({ page, locale, origin, i18n })
        const description = tag(head.tags, 'description') ?? ''
        expect(head.title, path).toMatch(/\| /)
        expect(head.title).not.toMatch(/seo\.|svc\./)
        expect(description.length, `${path} ${description}`).toBeGreaterThan(40)
        expect(description.length, `${path} ${description}`).toBeLessThanOrEqual(170)
        expect(description).not.toMatch(/^(seo|svc)\./)
        expect(tag(head.tags, 'canonical')).toBe(`${origin}${path}`)
        expect(tag(head.tags, 'og:url')).toBe(`${origin}${path}`)
        expect(tag(head.tags, 'twitter:card')).toBe('summary_large_image')
        expect(tag(head.tags, 'og:image')).toBe(`${origin}/og/puente-digital.png`)
      }
    }
  })

  it('links each localized page to its twin with en, es and x-default (Spanish)', async () => {
    await activateLocale('es')
    for (const { path, locale, twin } of localizedPages) {
      const head = buildPageHead({ page: pageRefFor(path), locale, origin, i18n })
      const [en, es] = locale === 'en' ? [path, twin] : [twin, path]
      expect(hreflangs(head.tags)).toEqual({
        en: `${origin}${en}`,
        es: `${origin}${es}`,
        'x-default': `${origin}${es}`,
      })
      expect(head.lang).toBe(locale)
    }
  })

  it('writes service metadata in the page language, from the service copy', async () => {
    await activateLocale('es')
    const head = buildPageHead({
      page: pageRefFor('/servicios/desarrollo-web'),
      locale: 'es',
      origin,
      i18n,
    })
    expect(head.title).toBe('Desarrollo web | Puente Digital')
    expect(tag(head.tags, 'description')).toBe(
      i18n._(serviceContent['web-development'].metaDescription),
    )
    expect(tag(head.tags, 'og:locale')).toBe('es_MX')
    expect(tag(head.tags, 'og:locale:alternate')).toBe('en_US')
    expect(tag(head.tags, 'keywords')).toMatch(/^Desarrollo web, agencia web/)
  })

  it('keeps account pages and the 404 page out of search results', async () => {
    await activateLocale('en')
    const robots = (path: string) =>
      tag(buildPageHead({ page: pageRefFor(path), locale: 'en', origin, i18n }).tags, 'robots')
    expect(robots('/')).toBe('index, follow')
    expect(robots('/register')).toBe('index, follow')
    expect(robots('/profile')).toBe('noindex, follow')
    expect(robots('/reset-password')).toBe('noindex, follow')
    expect(robots('/nope')).toBe('noindex, follow')
    const notFound = buildPageHead({ page: undefined, locale: 'en', origin, i18n })
    expect(tag(notFound.tags, 'canonical')).toBeUndefined()
  })
})
