import type { HeadTag, PageHead } from './page-head'

/** Marks the tags the app manages, so the client can replace them on navigation. */
export const managedAttribute = 'data-seo'

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

export function renderHeadTag(tag: HeadTag): string {
  if (tag.tag === 'link') {
    const hreflang = tag.hreflang ? ` hreflang="${escapeHtml(tag.hreflang)}"` : ''
    return `<link rel="${escapeHtml(tag.rel)}"${hreflang} href="${escapeHtml(tag.href)}" ${managedAttribute}>`
  }
  const key =
    'name' in tag ? `name="${escapeHtml(tag.name)}"` : `property="${escapeHtml(tag.property)}"`
  return `<meta ${key} content="${escapeHtml(tag.content)}" ${managedAttribute}>`
}

/** The `<title>` and tags of `head`, as HTML for the prerendered page. */
export function renderHead(head: PageHead): string {
  return [`<title>${escapeHtml(head.title)}</title>`, ...head.tags.map(renderHeadTag)].join(
    '\n    ',
  )
}
