import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contentKinds } from '../../../../domain/content/content-kinds'
import { missingForPublish } from '../../../../domain/content/content-publish'
import {
  type CaseStudyData,
  contentDataSchemas,
  type TestimonialData,
} from '../../../../domain/content/content-schemas'
import {
  controlForPath,
  controlsOf,
  kindDescriptions,
  refusedFields,
  titleOf,
  valueAt,
  withValueAt,
} from './content-fields'

const fields = kindDescriptions.testimonials.fields
const team = kindDescriptions.team
const caseStudies = kindDescriptions['case-studies']
const t = (descriptor: { readonly message?: string; readonly id?: string }) =>
  descriptor.message ?? descriptor.id ?? ''

/** A case study whose two results are empty (what "Add a result" twice makes). */
const twoResults: CaseStudyData = {
  ...(caseStudies.blank as CaseStudyData),
  results: [
    { figure: '', label: { en: '', es: '' } },
    { figure: '', label: { en: '', es: '' } },
  ],
}

describe('the site content’s field description', () => {
  it('a name missing at publish (both languages) is shown once, on its one field', () => {
    // What the server answers publishing a testimonial without a company or a Spanish quote.
    const errors = {
      'data.company.en': 'Write this in English.',
      'data.company.es': 'Write this in Spanish.',
      'data.quote.es': 'Write this in Spanish.',
    }
    const blank = kindDescriptions.testimonials.blank
    expect(
      refusedFields(errors, fields, blank).map(({ path, locale }) => [path, locale ?? null]),
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

  it('a list entry’s text is replaced in place, the list kept a list', () => {
    const changed = withValueAt(twoResults, 'results.1.label.es', 'carga')
    const results = valueAt(changed, 'results')
    expect(Array.isArray(results)).toBe(true)
    expect(results).toEqual([
      { figure: '', label: { en: '', es: '' } },
      { figure: '', label: { en: '', es: 'carga' } },
    ])
    expect(twoResults.results[1]?.label.es).toBe('')
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

  it.each(contentKinds)(
    '%s: its blank is a valid draft and every described path is in it',
    (kind) => {
      const { blank, fields: described } = kindDescriptions[kind]
      expect(v.safeParse(contentDataSchemas[kind](t), blank).success).toBe(true)
      for (const field of described)
        expect(valueAt(blank, field.path), field.path).not.toBe(undefined)
    },
  )

  it.each(contentKinds)(
    '%s: every text publishing asks for has a control, in its language',
    (kind) => {
      // Every text of the kind is edited here: what the publish rule finds missing in a blank
      // item (with two results, for a case study) names a control of the form.
      const blank = kind === 'case-studies' ? twoResults : kindDescriptions[kind].blank
      const missing = missingForPublish(kind, blank)
      for (const locale of ['en', 'es'] as const)
        for (const path of missing[locale]) {
          const control =
            controlForPath(kindDescriptions[kind].fields, `${path}.${locale}`) ??
            controlForPath(kindDescriptions[kind].fields, path)
          expect(control, `${kind} ${path}.${locale}`).toBeDefined()
        }
      expect(missing.en.length).toBeGreaterThan(0)
    },
  )

  it('a list entry’s refused text is its own control, with its entry and language', () => {
    // The publish rule names a result's Spanish label by its place: results.1.label, in Spanish.
    const errors = { 'data.results.1.label.es': 'Write this in Spanish.' }
    const [refused, ...others] = refusedFields(errors, caseStudies.fields, twoResults)
    expect(others).toEqual([])
    expect(refused?.path).toBe('results.1.label')
    expect(refused?.locale).toBe('es')
    expect(refused?.entry?.index).toBe(1)
    expect(refused?.message).toBe('Write this in Spanish.')
  })

  it('the controls follow the list: each entry’s figure and label in both languages', () => {
    const paths = controlsOf(caseStudies.fields, twoResults)
      .filter((control) => control.path.startsWith('results'))
      .map(({ path, locale }) => (locale ? `${path}.${locale}` : path))
    expect(paths).toEqual([
      'results',
      'results.0.figure',
      'results.0.label.en',
      'results.0.label.es',
      'results.1.figure',
      'results.1.label.en',
      'results.1.label.es',
    ])
  })

  it('a change’s path is named by its control', () => {
    const of = (path: string) => {
      const control = controlForPath(caseStudies.fields, path)
      return control && [control.field.path, control.locale ?? null, control.entry?.index ?? null]
    }
    expect(of('results.1.label.es')).toEqual(['label', 'es', 1])
    expect(of('results.0.figure')).toEqual(['figure', null, 0])
    expect(of('situation.en')).toEqual(['situation', 'en', null])
    expect(of('services')).toEqual(['services', null, null])
    expect(of('gallery.0.fileId')).toEqual(['gallery', null, null])
    expect(of('nothing.here')).toBeUndefined()
    expect(controlForPath(team.fields, 'image.alt.es')?.locale).toBe('es')
  })
})
