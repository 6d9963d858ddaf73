import type { HeadTag, PageHead } from './page-head'
import { managedAttribute } from './render-head'

function createTag(tag: HeadTag): HTMLElement {
  if (tag.tag === 'link') {
    const link = document.createElement('link')
    link.rel = tag.rel
    if (tag.hreflang) link.hreflang = tag.hreflang
    link.href = tag.href
    link.setAttribute(managedAttribute, '')
    return link
  }
  const meta = document.createElement('meta')
  if ('name' in tag) meta.name = tag.name
  else meta.setAttribute('property', tag.property)
  meta.content = tag.content
  meta.setAttribute(managedAttribute, '')
  return meta
}

/**
 * Brings `document.head` in line with `head` after a client-side navigation or a language
 * switch. The tags live outside the React tree (the prerendered HTML has them already), so
 * hydration never compares them.
 */
export function applyHead(head: PageHead): void {
  if (document.title !== head.title) document.title = head.title
  document.documentElement.lang = head.lang
  const fresh = head.tags.map(createTag)
  const current = [...document.head.querySelectorAll(`[${managedAttribute}]`)]
  const same =
    current.length === fresh.length &&
    current.every((element, i) => element.isEqualNode(fresh[i] ?? null))
  if (same) return
  for (const element of current) element.remove()
  document.head.append(...fresh)
}

/** The public origin the server wrote into the page (PUBLIC_URL), else this page's origin. */
export function publicOrigin(): string {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  return canonical ? new URL(canonical.href).origin : window.location.origin
}
