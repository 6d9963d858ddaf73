import { describe, expect, it } from 'vitest'
import { isPublishable, missingForPublish } from './content-publish'
import type { CardData, CaseStudyData } from './content-schemas'

const both = (en: string, es: string) => ({ en, es })

const card: CardData = {
  image: { asset: 'card-code', fileId: null, alt: both('Code', 'Código') },
  badgeIcon: '',
  badge: both('', ''),
  title: both('Title', 'Título'),
  description: both('Text', 'Texto'),
  buttonText: both('More', 'Más'),
  link: both('/services/seo', '/servicios/posicionamiento-seo'),
  order: 0,
}

describe('the publish rule', () => {
  it('passes an item written in both languages, an optional text empty in both', () => {
    expect(missingForPublish('cards', card)).toEqual({ en: [], es: [] })
    expect(isPublishable(missingForPublish('cards', card))).toBe(true)
  })

  it('lists each missing text in its language, by its path; an optional one written in one only', () => {
    const missing = missingForPublish('cards', {
      ...card,
      badge: both('', 'Destacado'),
      image: { ...card.image, alt: both('Code', '') },
    })
    expect(missing).toEqual({ en: ['badge'], es: ['image.alt'] })
    expect(isPublishable(missing)).toBe(false)
  })

  it('counts a missing name as missing in both languages, and reads lists by index', () => {
    const study = {
      client: '',
      sector: both('Retail', 'Comercio'),
      services: [],
      situation: both('a', 'b'),
      constraint: both('a', 'b'),
      approach: both('a', 'b'),
      outcome: both('a', 'b'),
      results: [
        { figure: '1', label: both('x', 'y') },
        { figure: '2', label: both('x', '') },
      ],
      gallery: [],
      testimonialId: null,
      featured: false,
      slug: both('', 'tienda'),
    } as CaseStudyData
    expect(missingForPublish('case-studies', study)).toEqual({
      en: ['client', 'slug'],
      es: ['client', 'results.1.label'],
    })
  })
})
