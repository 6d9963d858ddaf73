import { describe, expect, it } from 'vitest'
import type { PublishedContent } from '../content/published-content'
import { seedPublishedContent } from '../content/seed/seed-published-content'
import { serviceTable } from '../services/service-table'
import { pagesTouched } from './touched-pages'

const seed = seedPublishedContent()
const [first, ...others] = seed.caseStudies
if (!first) throw new Error('the seed has case studies')

const paths = (content: PublishedContent, after: PublishedContent, all = false) =>
  pagesTouched(content, after, { all }).map(({ path, locale }) => `${locale} ${path}`)

describe('the pages a change of the published content touches', () => {
  it('none when the content is the same', () => {
    expect(pagesTouched(seed, seedPublishedContent())).toEqual([])
  })

  it("a changed case study: the home page, both listings, its two addresses and its services' pages", () => {
    const edited = {
      ...seed,
      caseStudies: [{ ...first, outcome: { en: 'New.', es: 'Nuevo.' } }, ...others],
    }
    const touched = paths(seed, edited)
    expect(touched.slice(0, 4)).toEqual(['en /', 'es /', 'en /work', 'es /trabajos'])
    expect(touched).toContain(`en /work/${first.slug.en}`)
    expect(touched).toContain(`es /trabajos/${first.slug.es}`)
    expect(touched.filter((page) => /\/(services|servicios)\//.test(page))).toHaveLength(
      first.services.length * 2,
    )
    // Another case study's page is not rendered again.
    for (const other of others) expect(touched).not.toContain(`en /work/${other.slug.en}`)
  })

  it('a new slug: the old addresses too (they answer 404 from then on)', () => {
    const moved = {
      ...seed,
      caseStudies: [{ ...first, slug: { en: 'moved', es: 'movido' } }, ...others],
    }
    const touched = paths(seed, moved)
    for (const page of [
      `en /work/${first.slug.en}`,
      `es /trabajos/${first.slug.es}`,
      'en /work/moved',
      'es /trabajos/movido',
    ])
      expect(touched).toContain(page)
  })

  it('a removed case study: its addresses; each page once', () => {
    const touched = paths(seed, { ...seed, caseStudies: others })
    expect(touched).toContain(`en /work/${first.slug.en}`)
    expect(new Set(touched).size).toBe(touched.length)
  })

  it('everything when asked: every case study', () => {
    const touched = paths(seed, seed, true)
    for (const caseStudy of seed.caseStudies)
      expect(touched).toContain(`es /trabajos/${caseStudy.slug.es}`)
  })

  it('the team: /about in both languages, nothing else', () => {
    const [lucia, ...rest] = seed.team
    if (!lucia) throw new Error('the seed has a team')
    const edited = { ...seed, team: [{ ...lucia, name: 'Lucía R.' }, ...rest] }
    expect(paths(seed, edited)).toEqual(['en /about', 'es /about'])
  })

  it('a card: the home page in both languages, nothing else', () => {
    expect(paths(seed, { ...seed, cards: seed.cards.slice(1) })).toEqual(['en /', 'es /'])
  })

  it('a slide: the home page in both languages, nothing else', () => {
    const [bridge, ...rest] = seed.slides
    if (!bridge) throw new Error('the seed has slides')
    const edited = {
      ...seed,
      slides: [{ ...bridge, title: { ...bridge.title, es: 'Otro' } }, ...rest],
    }
    expect(paths(seed, edited)).toEqual(['en /', 'es /'])
    expect(paths(seed, { ...seed, slides: rest })).toEqual(['en /', 'es /'])
  })

  it('a snapshot stored before it had the slides: the home page', () => {
    const { slides: _slides, ...older } = seed
    expect(paths(older as PublishedContent, seed)).toEqual(['en /', 'es /'])
  })

  it("a question: the pages of its area's services only, in both languages", () => {
    const faqs = seed.faqs.filter((faq) => faq.question.en !== 'Where are backups kept?')
    const touched = paths(seed, { ...seed, faqs })
    const maintenance = serviceTable.filter((service) => service.area === 'maintenance-support')
    expect(touched).toHaveLength(maintenance.length * 2)
    for (const service of maintenance) {
      expect(touched).toContain(`en /services/${service.en}`)
      expect(touched).toContain(`es /servicios/${service.es}`)
    }
  })

  it('everything when asked: /about and every service page too', () => {
    const touched = paths(seed, seed, true)
    expect(touched).toContain('es /about')
    for (const service of serviceTable) expect(touched).toContain(`en /services/${service.en}`)
  })

  it('a snapshot stored before it had the team, cards and questions: their pages', () => {
    const { team: _team, cards: _cards, faqs: _faqs, ...older } = seed
    const touched = paths(older as PublishedContent, seed)
    expect(touched).toContain('en /about')
    expect(touched).toContain('es /')
    expect(touched).toContain(`es /servicios/${serviceTable[0]?.es}`)
    expect(touched).not.toContain('en /work')
  })

  it('the WhatsApp number: every page that shows content, and /contact', () => {
    const touched = paths(seed, { ...seed, whatsapp: '525541702386' })
    for (const page of ['en /', 'es /about', 'en /work', 'es /contact', 'en /contact'])
      expect(touched).toContain(page)
    for (const service of serviceTable) expect(touched).toContain(`es /servicios/${service.es}`)
    expect(paths(seed, { ...seed, whatsapp: null })).toEqual([])
  })
})
