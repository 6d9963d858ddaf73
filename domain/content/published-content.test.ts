import { describe, expect, it } from 'vitest'
import type { CaseStudyData, TestimonialData } from './content-schemas'
import {
  type ContentSource,
  caseStudiesInArea,
  caseStudyBySlug,
  homeTestimonials,
  publishedContentOf,
  testimonialsOfService,
} from './published-content'
import { seedCaseStudies } from './seed/seed-case-studies'
import { seedPublishedContent } from './seed/seed-published-content'
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
  it('keeps only published case studies and testimonials, and other kinds out', () => {
    const content = publishedContentOf([
      study(cafe),
      study(sonrie, 'draft'),
      quote(quoteCafe),
      quote(quoteJacaranda, 'draft'),
      { kind: 'faqs', id: 'faq' },
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
})
