import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { servicesListingPaths } from '../../domain/pages/public-paths'
import type { PageHead } from './page-head'
import { brandName } from './page-messages'
import { escapeHtml, renderHeadTag } from './render-head'

const fullVersion = msg({
  id: 'seo.light.full-version',
  message: 'Open the full version of this page',
})
const lightNavigation = msg({ id: 'seo.light.navigation', message: 'Site' })
const home = msg`Home`
const services = msg`Services`
const contact = msg`Contact`

/**
 * The `<main>` element of a rendered page, without scripts (the router's scroll restoration)
 * and without the buttons that need JavaScript to work.
 */
export function extractMain(appHtml: string): string {
  const start = appHtml.indexOf('<main')
  const end = appHtml.lastIndexOf('</main>')
  if (start < 0 || end < start) throw new Error('The rendered page has no <main> element')
  return appHtml
    .slice(start, end + '</main>'.length)
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<button\b[^>]*>[\s\S]*?<\/button>/g, '')
}

export type LightPageInputs = {
  /** The full page's head: its title, description and canonical URL are reused. */
  readonly head: PageHead
  /** Path of the full page, which the light one points back to. */
  readonly path: string
  readonly mainHtml: string
  /** The site's stylesheet (hashed asset URL): no inline style, so the CSP stays strict. */
  readonly stylesheets: readonly string[]
  readonly i18n: I18n
}

/**
 * A light, script-free rendering of a page for mobile visitors (served at /amp/…, announced
 * with rel="amphtml" on the full page): the same main content, a tiny header and no scripts.
 * Its canonical link points back to the full page.
 */
export function renderLightPage({
  head,
  path,
  mainHtml,
  stylesheets,
  i18n,
}: LightPageInputs): string {
  const kept = head.tags.filter(
    (tag) =>
      (tag.tag === 'meta' && 'name' in tag && tag.name === 'description') ||
      (tag.tag === 'link' && tag.rel === 'canonical'),
  )
  const listing = servicesListingPaths[head.lang]
  const links = [
    ['/', i18n._(home)],
    [listing, i18n._(services)],
    ['/contact', i18n._(contact)],
  ]
  return `<!doctype html>
<html lang="${head.lang}">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(head.title)}</title>
    ${kept.map(renderHeadTag).join('\n    ')}
    ${stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n    ')}
  </head>
  <body>
    <header class="site-header">
      <a class="brand" href="/">${escapeHtml(i18n._(brandName))}</a>
      <a href="${escapeHtml(path)}">${escapeHtml(i18n._(fullVersion))}</a>
    </header>
    ${mainHtml}
    <footer class="site-footer">
      <nav aria-label="${escapeHtml(i18n._(lightNavigation))}">
        <ul>
          ${links.map(([href = '', text = '']) => `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`).join('\n          ')}
        </ul>
      </nav>
    </footer>
  </body>
</html>
`
}
