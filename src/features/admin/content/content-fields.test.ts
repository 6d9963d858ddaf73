import { describe, expect, it } from 'vitest'
import type { TestimonialData } from '../../../../domain/content/content-schemas'
import { kindDescriptions, refusedFields, titleOf, valueAt, withValueAt } from './content-fields'

const fields = kindDescriptions.testimonials.fields ?? []
const team = kindDescriptions.team

describe('the site content’s field description', () => {
  it('a name missing at publish (both languages) is shown once, on its one field', () => {
    // What the server answers publishing a testimonial without a company or a Spanish quote.
    const errors = {
      'data.company.en': 'Write this in English.',
      'data.company.es': 'Write this in Spanish.',
      'data.quote.es': 'Write this in Spanish.',
    }
    expect(
      refusedFields(errors, fields).map(({ field, locale }) => [field.path, locale ?? null]),
    ).toEqual([
      ['company', null],
      ['quote', 'es'],
    ])
  })

  it('a value is read and replaced at its path, the rest kept', () => {
    const changed = withValueAt(team.blank, 'image.alt.es', 'Foto de Ana')
    expect(valueAt(changed, 'image.alt')).toEqual({ en: '', es: 'Foto de Ana' })
    expect(valueAt(changed, 'image.asset')).toBe('')
    expect(valueAt(team.blank, 'image.alt.es')).toBe('')
  })

  it('an item is named in the admin’s language, else in the other', () => {
    const slide = withValueAt(kindDescriptions.slides.blank, 'title.en', 'Launch faster')
    expect(titleOf('slides', slide, 'es')).toBe('Launch faster')
    const testimonial = {
      ...(kindDescriptions.testimonials.blank as TestimonialData),
      person: 'Ana',
    }
    expect(titleOf('testimonials', testimonial, 'en')).toBe('Ana')
  })
})
