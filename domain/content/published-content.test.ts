import { describe, expect, it } from 'vitest'
import type { CaseStudyData, TestimonialData } from './content-schemas'
import {
  type ContentSource,
  caseStudiesInArea,
  caseStudyBySlug,
  faqsOfArea,
  homeTestimonials,
  publishedContentOf,
  testimonialsOfService,
} from './published-content'
import { seedCards } from './seed/seed-cards'
import { seedCaseStudies } from './seed/seed-case-studies'
import { seedFaqs } from './seed/seed-faqs'
import { seedPublishedContent } from './seed/seed-published-content'
import { seedSlides } from './seed/seed-slides'
import { seedTeam } from './seed/seed-team'
import { seedTestimonials } from './seed/seed-testimonials'

const [cafe, sonrie, sierra] = seedCaseStudies.map(({ id, ...data }) => ({ id, data }))
const [quoteCafe, quoteSonrie, , quoteJacaranda] = seedTestimonials.map(({ id, ...data }) => ({
  id,
  data,
}))
if (!cafe || !sonrie || !sierra || !quoteCafe || !quoteSonrie || !quoteJacaranda)
  throw new Error('the seed has three case studies and four testimonials')

const study = (
  item: { id: string; data: CaseStudyData },
  state: 'draft' | 'published' = 'published',
  data: Partial<CaseStudyData> = {},
): ContentSource => ({
  kind: 'case-studies',
  id: item.id,
  state,
  data: { ...item.data, ...data },
})
const quote = (
  item: { id: string; data: TestimonialData },
  state: 'draft' | 'published' = 'published',
  data: Partial<TestimonialData> = {},
): ContentSource => ({
  kind: 'testimonials',
  id: item.id,
  state,
  data: { ...item.data, ...data },
})

describe('publishedContentOf', () => {
  it('keeps only published case studies and testimonials', () => {
    const content = publishedContentOf([
      study(cafe),
      study(sonrie, 'draft'),
      quote(quoteCafe),
      quote(quoteJacaranda, 'draft'),
    ])
    expect(content.caseStudies.map((c) => c.client)).toEqual(['Café Altura'])
    expect(content.testimonials.map((t) => t.person)).toEqual(['Rosa Méndez'])
  })

  it('puts featured case studies first, each group in the content’s order', () => {
    const content = publishedContentOf([
      study(sierra, 'published', { featured: false }),
      study(cafe, 'published', { featured: true }),
      study(sonrie, 'published', { featured: false }),
    ])
    expect(content.caseStudies.map((c) => c.client)).toEqual([
      'Café Altura',
      'Transportes Sierra Norte',
      'Clínica Dental Sonríe',
    ])
  })

  it('never shows a testimonial without the client’s consent date', () => {
    const content = publishedContentOf([
      study(cafe),
      quote(quoteCafe, 'published', { consentDate: '' }),
    ])
    expect(content.testimonials).toEqual([])
    expect(content.caseStudies[0]?.testimonial).toBeNull()
  })

  it('links a case study to its published testimonial, and drops a link to a draft', () => {
    const linked = publishedContentOf([study(cafe), quote(quoteCafe)])
    expect(linked.caseStudies[0]?.testimonial?.person).toBe('Rosa Méndez')
    const draft = publishedContentOf([study(cafe), quote(quoteCafe, 'draft')])
    expect(draft.caseStudies[0]?.testimonial).toBeNull()
  })

  it('finds a case study’s testimonial from the testimonial’s side when the case study names none', () => {
    const content = publishedContentOf([
      study(cafe, 'published', { testimonialId: null }),
      quote(quoteCafe),
    ])
    expect(content.caseStudies[0]?.testimonial?.id).toBe(quoteCafe.id)
  })

  it('cuts a testimonial’s link to a case study that is not published', () => {
    const content = publishedContentOf([study(cafe, 'draft'), quote(quoteCafe)])
    expect(content.testimonials[0]?.caseStudyId).toBeNull()
  })

  it('carries no editing facts (the snapshot is public)', () => {
    const content = publishedContentOf([study(cafe), quote(quoteCafe)])
    expect(Object.keys(content.testimonials[0] ?? {})).not.toContain('consentDate')
    expect(JSON.stringify(content)).not.toMatch(/"(state|version|updatedBy|gallery)"/)
  })
})

describe('the snapshot’s readers', () => {
  const content = seedPublishedContent()

  it('the seed: three published case studies, the featured two first, and four testimonials', () => {
    expect(content.caseStudies.map((c) => [c.client, c.featured])).toEqual([
      ['Café Altura', true],
      ['Clínica Dental Sonríe', true],
      ['Transportes Sierra Norte', false],
    ])
    expect(content.testimonials).toHaveLength(4)
  })

  it('filters by service area', () => {
    expect(caseStudiesInArea(content, 'seo-marketing').map((c) => c.client)).toEqual([
      'Café Altura',
    ])
    expect(caseStudiesInArea(content, undefined)).toHaveLength(3)
  })

  it('finds a case study by its slug in each language only', () => {
    expect(caseStudyBySlug(content, 'en', 'cafe-altura-online-shop')?.client).toBe('Café Altura')
    expect(caseStudyBySlug(content, 'es', 'tienda-en-linea-cafe-altura')?.client).toBe(
      'Café Altura',
    )
    expect(caseStudyBySlug(content, 'es', 'cafe-altura-online-shop')).toBeUndefined()
  })

  it('quotes on a service page the testimonials of the case studies that used it', () => {
    expect(testimonialsOfService(content, 'e-commerce').map((t) => t.company)).toEqual([
      'Café Altura',
    ])
    expect(testimonialsOfService(content, 'iot')).toEqual([])
  })

  it('shows three testimonials on the home page, those of featured case studies first', () => {
    expect(homeTestimonials(content).map((t) => t.company)).toEqual([
      'Café Altura',
      'Clínica Dental Sonríe',
      'Transportes Sierra Norte',
    ])
  })

  it('the seed: the five people of the team, four cards, three questions per area', () => {
    expect(content.team.map((member) => member.name)).toEqual([
      'Lucía Ramírez',
      'Mariana Ortega',
      'Diego Hernández',
      'Andrés Villalobos',
      'Sofía Castañeda',
    ])
    expect(content.cards.map((card) => card.link.en)).toEqual([
      '/services/web-development',
      '/services/ux-design',
      '/services/seo',
      '/services/web-maintenance',
    ])
    expect(faqsOfArea(content, 'seo-marketing').map((faq) => faq.question.en)).toEqual([
      'When will we see results?',
      'Do you work in both languages?',
      'Do you guarantee first place?',
    ])
    expect(content.faqs).toHaveLength(15)
  })
})

describe('the slides in the snapshot', () => {
  const [bridge, design, dashboard] = seedSlides
  if (!bridge || !design || !dashboard) throw new Error('the seed has three slides')

  it('the seed: today’s three slides, in their order, each link per language', () => {
    const { slides } = seedPublishedContent()
    expect(slides.map((slide) => slide.image.asset)).toEqual([
      'hero-bridge',
      'hero-design',
      'hero-dashboard',
    ])
    expect(slides.map((slide) => slide.buttonLink)).toEqual([
      { en: '/about', es: '/about' },
      { en: '/services', es: '/servicios' },
      { en: '/contact', es: '/servicios/aplicaciones-web' },
    ])
  })

  it('published only, by their order, without editing facts', () => {
    const content = publishedContentOf([
      { kind: 'slides', id: 'a', state: 'published', data: { ...bridge, order: 7 } },
      { kind: 'slides', id: 'b', state: 'draft', data: { ...design, order: 0 } },
      { kind: 'slides', id: 'c', state: 'published', data: { ...dashboard, order: 2 } },
    ])
    expect(content.slides.map((slide) => slide.title.en)).toEqual([
      dashboard.title.en,
      bridge.title.en,
    ])
    expect(content.slides[1]).toEqual({
      image: { asset: bridge.image.asset, alt: bridge.image.alt },
      subtitle: bridge.subtitle,
      title: bridge.title,
      paragraph: bridge.paragraph,
      buttonText: bridge.buttonText,
      buttonLink: bridge.buttonLink,
    })
  })
})

describe('the team, the cards and the questions in the snapshot', () => {
  const [lucia, mariana] = seedTeam
  const [code, ux] = seedCards
  const [firstWeb, secondWeb] = seedFaqs
  if (!lucia || !mariana || !code || !ux || !firstWeb || !secondWeb) throw new Error('seed')

  it('published only, by their order, without editing facts', () => {
    const content = publishedContentOf([
      { kind: 'team', id: 'a', state: 'published', data: { ...lucia, order: 5 } },
      { kind: 'team', id: 'b', state: 'published', data: { ...mariana, order: 1 } },
      { kind: 'team', id: 'c', state: 'draft', data: { ...mariana, name: 'Draft' } },
      { kind: 'cards', id: 'd', state: 'draft', data: code },
      { kind: 'cards', id: 'e', state: 'published', data: ux },
    ])
    expect(content.team.map((member) => member.name)).toEqual(['Mariana Ortega', 'Lucía Ramírez'])
    expect(content.team[0]).toEqual({
      name: 'Mariana Ortega',
      role: mariana.role,
      bio: mariana.bio,
      image: { asset: mariana.image.asset, alt: mariana.image.alt },
    })
    expect(content.cards.map((card) => card.title.en)).toEqual([ux.title.en])
  })

  it('questions by area in the table’s order, then by their order', () => {
    const content = publishedContentOf([
      { kind: 'faqs', id: 'a', state: 'published', data: { ...secondWeb, area: 'seo-marketing' } },
      { kind: 'faqs', id: 'b', state: 'published', data: secondWeb },
      { kind: 'faqs', id: 'c', state: 'published', data: firstWeb },
      { kind: 'faqs', id: 'd', state: 'draft', data: { ...firstWeb, order: 0 } },
    ])
    expect(content.faqs.map((faq) => [faq.area, faq.question.en])).toEqual([
      ['web-development', firstWeb.question.en],
      ['web-development', secondWeb.question.en],
      ['seo-marketing', secondWeb.question.en],
    ])
  })
})
