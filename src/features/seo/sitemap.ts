import { isIndexable } from './page-head'
import type { PageRef } from './page-ref'
import { escapeHtml } from './render-head'

function alternates(page: PageRef, origin: string): string[] {
  if (page.kind === 'neutral') return []
  const [en, es] = page.locale === 'en' ? [page.path, page.twin] : [page.twin, page.path]
  return [
    ['en', en],
    ['es', es],
    // Spanish is the default of every pair (the agency's first audience), as in the pages' heads.
    ['x-default', es],
  ].map(
    ([hreflang, path]) =>
      `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${origin}${path}`)}"/>`,
  )
}

/** sitemap.xml: every indexable page, with hreflang alternates for pages that have a twin. */
export function renderSitemap(origin: string, pages: readonly PageRef[]): string {
  const urls = pages
    .filter(isIndexable)
    .map((page) =>
      [
        '  <url>',
        `    <loc>${escapeHtml(`${origin}${page.path}`)}</loc>`,
        ...alternates(page, origin),
        '  </url>',
      ].join('\n'),
    )
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`
}

export function renderRobots(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /api/

Sitemap: ${origin}/sitemap.xml
`
}
