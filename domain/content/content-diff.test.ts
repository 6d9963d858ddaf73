import { describe, expect, it } from 'vitest'
import { contentDiff } from './content-diff'

const before = {
  client: 'Café Altura',
  services: ['web-design', 'seo'],
  situation: { en: 'A slow shop.', es: 'Una tienda lenta.' },
  results: [{ figure: '+38 %', label: { en: 'sales', es: 'ventas' } }],
  featured: false,
  testimonialId: null,
}

describe('the difference between two revisions', () => {
  it('nothing differs between equal fields', () => {
    expect(contentDiff(before, structuredClone(before))).toEqual([])
  })

  it('names each changed text in its language, and plain values', () => {
    const after = {
      ...before,
      client: 'Café Altura S.A.',
      situation: { en: 'A slow shop.', es: 'Una tienda muy lenta.' },
      featured: true,
      testimonialId: '0b8f1d3e-2c4a-4e6b-8a9c-1d2e3f4a5b6c',
    }
    expect(contentDiff(before, after)).toEqual([
      { path: 'client', before: 'Café Altura', after: 'Café Altura S.A.' },
      { path: 'situation.es', before: 'Una tienda lenta.', after: 'Una tienda muy lenta.' },
      { path: 'featured', before: false, after: true },
      { path: 'testimonialId', before: null, after: '0b8f1d3e-2c4a-4e6b-8a9c-1d2e3f4a5b6c' },
    ])
  })

  it('a list of values is compared as a set: each removed and each added', () => {
    const after = { ...before, services: ['seo', 'web-audit'] }
    expect(contentDiff(before, after)).toEqual([
      { path: 'services', before: 'web-design' },
      { path: 'services', after: 'web-audit' },
    ])
    // The same services in another order are no change.
    expect(contentDiff(before, { ...before, services: ['seo', 'web-design'] })).toEqual([])
  })

  it('a list of entries by place: an added entry’s values, a removed one’s', () => {
    const added = {
      ...before,
      results: [...before.results, { figure: '2.4 s', label: { en: 'load', es: 'carga' } }],
    }
    expect(contentDiff(before, added)).toEqual([
      { path: 'results.1.figure', after: '2.4 s' },
      { path: 'results.1.label.en', after: 'load' },
      { path: 'results.1.label.es', after: 'carga' },
    ])
    expect(contentDiff(added, before)).toEqual([
      { path: 'results.1.figure', before: '2.4 s' },
      { path: 'results.1.label.en', before: 'load' },
      { path: 'results.1.label.es', before: 'carga' },
    ])
  })

  it('a value only one side has (a field the other revision lacks) is added or removed', () => {
    expect(contentDiff({ a: 'x' }, { a: 'x', b: { en: 'y', es: '' } })).toEqual([
      { path: 'b.en', after: 'y' },
      { path: 'b.es', after: '' },
    ])
    expect(contentDiff({ a: 'x' }, {})).toEqual([{ path: 'a', before: 'x' }])
  })

  it('a value that changed shape is the old removed and the new added', () => {
    expect(contentDiff({ a: 'x' }, { a: { en: 'x', es: 'y' } })).toEqual([
      { path: 'a', before: 'x' },
      { path: 'a.en', after: 'x' },
      { path: 'a.es', after: 'y' },
    ])
  })
})
