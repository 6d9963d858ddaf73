import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { type ContainerNode, hydrate } from 'preact'
import { isLocale } from '../../domain/locales'
import { messages as en } from '../../locales/en/slideshow.po'
import { messages as es } from '../../locales/es/slideshow.po'
import { Slideshow } from '../features/home/components/slideshow'
import { renderIsland } from '../features/home/slideshow-handover'
import { noteHandledEvents } from './early-clicks'

/**
 * The home page's slideshow before the app loads (docs/decisions/068): an entry of its own, which
 * the page's loader runs at load when the slideshow is to rotate (scripts' loader in
 * server/site/page-html.mjs). It hydrates the prerendered carousel with the app's own component
 * and machine (src/features/home/components/slideshow.tsx), keeping each slide's content as the server wrote it,
 * with Preact, XState and the slideshow's own words only (both languages' catalogs, a few hundred
 * bytes, in its file rather than a request after it): the router, the page and the rest of the
 * app load on the visitor's first intent, and the app's carousel takes this one's machine over
 * (src/features/home/slideshow-handover.ts).
 */
function start(): void {
  const section = document.querySelector<HTMLElement>('[data-island="slideshow"]')
  const lang = document.documentElement.dataset.pageLang
  if (!section?.parentNode || !isLocale(lang)) return
  // A control the island handles is not clicked again by the app (src/hydration/early-clicks.ts).
  noteHandledEvents()
  // The app loads the interface catalog into the same i18n, and activates it again.
  i18n.load(lang, lang === 'es' ? es : en)
  i18n.activate(lang)
  const kept = [...section.querySelectorAll('#slideshow-slides > .slide')].map(
    (slide) => slide.innerHTML,
  )
  renderIsland(() =>
    hydrate(
      <I18nProvider i18n={i18n}>
        <Slideshow slideKeys={kept.map((_, index) => String(index))} content={{ kept }} />
      </I18nProvider>,
      only(section),
    ),
  )
  // Its controls answer by themselves now: the page's loader no longer takes the pointer over
  // them as intent to load the app (server/site/page-html.mjs), so moving the slides costs
  // only the island's own work.
  section.setAttribute('data-island-live', '')
}

/**
 * The section as the one child of a container (Preact renders into a parent's children; the
 * slideshow shares its parent with the page's heading): hydration sees it alone.
 */
function only(element: HTMLElement): ContainerNode & { readonly namespaceURI: string | null } {
  const parent: ContainerNode = element.parentNode ?? element
  const next = element.nextSibling
  const insert = (node: ContainerNode, before: ContainerNode | null) =>
    parent.insertBefore(node, before ?? next)
  return {
    nodeType: 1,
    namespaceURI: element.namespaceURI,
    parentNode: parent,
    firstChild: element,
    childNodes: [element],
    contains: (other) => other instanceof Node && element.contains(other),
    insertBefore: insert,
    appendChild: (node) => insert(node, null),
    removeChild: (child) => parent.removeChild(child),
  }
}

start()
