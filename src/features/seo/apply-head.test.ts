import { beforeEach, describe, expect, it } from 'vitest'
import { applyHead, publicOrigin } from './apply-head'
import type { PageHead } from './page-head'
import { renderHead } from './render-head'

const english: PageHead = {
  lang: 'en',
  title: 'Web design | Puente Digital',
  tags: [
    { tag: 'meta', name: 'description', content: 'Design "that" works & sells' },
    { tag: 'link', rel: 'canonical', href: 'https://example.test/services/web-design' },
    {
      tag: 'link',
      rel: 'alternate',
      hreflang: 'es',
      href: 'https://example.test/servicios/diseno-web',
    },
    { tag: 'meta', property: 'og:title', content: 'Web design' },
  ],
}

const contact: PageHead = {
  lang: 'es',
  title: 'Contáctanos | Puente Digital',
  tags: [
    { tag: 'meta', name: 'description', content: 'Cuéntanos de tu proyecto' },
    { tag: 'link', rel: 'canonical', href: 'https://example.test/contact' },
  ],
}

describe('the client-side head', () => {
  beforeEach(() => {
    // As the prerendered page has it: the server's markup for the English service page.
    document.head.innerHTML = `<meta charset="UTF-8"><meta name="theme-color" content="#E0E5EC">${renderHead(english)}`
  })

  it('leaves the prerendered tags alone when they already match (first render after hydration)', () => {
    const before = [...document.head.children]
    applyHead(english)
    expect([...document.head.children]).toEqual(before)
    expect(document.title).toBe('Web design | Puente Digital')
  })

  it('replaces only the managed tags on navigation: no stale hreflang, the rest untouched', () => {
    applyHead(contact)
    expect(document.title).toBe('Contáctanos | Puente Digital')
    expect(document.documentElement.lang).toBe('es')
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull()
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://example.test/contact',
    )
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull()
  })

  it('reads the public origin from the canonical link the server wrote', () => {
    expect(publicOrigin()).toBe('https://example.test')
  })
})
