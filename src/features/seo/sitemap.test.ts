import { describe, expect, it } from 'vitest'
import { localizedPages } from '../../../domain/pages/public-paths'
import { publicPages, publicPaths, unlistedPaths } from '../../routing/public-pages'
import { renderRobots, renderSitemap } from './sitemap'

const origin = 'https://example.test'

describe('sitemap.xml and robots.txt', () => {
  const xml = renderSitemap(origin, publicPages)
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

  it('lists every public page except the unlisted account pages, once, with absolute URLs', () => {
    const expected = publicPaths
      .filter((path) => !unlistedPaths.includes(path))
      .map((path) => `${origin}${path}`)
    expect(locs).toEqual(expected)
  })

  it('gives each localized page its en and es alternates, Spanish the x-default', () => {
    for (const { path, locale, twin } of localizedPages) {
      const [en, es] = locale === 'en' ? [path, twin] : [twin, path]
      const entry = xml
        .split('<url>')
        .find((block) => block.includes(`<loc>${origin}${path}</loc>`))
      expect(entry).toContain(`hreflang="en" href="${origin}${en}"`)
      expect(entry).toContain(`hreflang="es" href="${origin}${es}"`)
      expect(entry).toContain(`hreflang="x-default" href="${origin}${es}"`)
    }
  })

  it('is well-formed XML', () => {
    const document = new DOMParser().parseFromString(xml, 'application/xml')
    expect(document.querySelector('parsererror')).toBeNull()
    expect(document.getElementsByTagName('url')).toHaveLength(locs.length)
  })

  it('robots.txt names the sitemap', () => {
    expect(renderRobots(origin)).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })
})
