// A rendered page's HTML, assembled from the build's index.html exactly as the build does it:
// the head, the preloads, the markup and its content's data block, the script loader, the first
// picture early and the stylesheets inlined. One module for both: the build's prerender step
// (scripts/prerender.mjs) and the server when a publish renders pages again
// (server/site/rendered-pages.ts, docs/decisions/060). A plain Node module, so the build runs it
// without compiling it.
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/**
 * The two client builds of the same code (scripts/build.mjs): a page behind the sign-in starts
 * from the second one's files (docs/decisions/050). Read from the build's directory.
 */
export async function readBuilds(outDir) {
  return {
    public: {
      template: await readFile(resolve(outDir, 'client/index.html'), 'utf8'),
      chunks: JSON.parse(await readFile(resolve(outDir, 'chunks.json'), 'utf8')),
    },
    signedIn: {
      template: await readFile(resolve(outDir, 'client-signed-in/index.html'), 'utf8'),
      chunks: JSON.parse(await readFile(resolve(outDir, 'chunks-signed-in.json'), 'utf8')),
    },
  }
}

/** The HTML of a page the renderer rendered (`renderPage`'s answer). */
export async function pageHtml(page, builds, clientDir) {
  const { signedIn } = preloadsFor(page, builds.public.chunks, builds.public.template)
  const { template, chunks } = signedIn ? builds.signedIn : builds.public
  const { preloads } = preloadsFor(page, chunks, template)
  return inlineStylesheets(
    loadScripts(await firstPictureEarly(fillTemplate(template, page, preloads), clientDir), {
      afterLoad: !signedIn,
      onIntent: !signedIn && !page.actsOnArrival,
      islands: signedIn ? {} : islandsOf(page, chunks),
    }),
    clientDir,
  )
}

function replaceOnce(html, search, replacement) {
  const index = html.indexOf(search)
  if (index < 0 || html.indexOf(search, index + 1) >= 0) {
    throw new Error(`index.html must contain ${search} exactly once`)
  }
  return html.slice(0, index) + replacement + html.slice(index + search.length)
}

/** Route file of a route id, as the router plugin names them: /services/$slug → services.$slug.tsx */
function routeFile(routeId) {
  const name =
    routeId === '/' ? 'index' : routeId.slice(1).replace(/\/$/, '/index').replaceAll('/', '.')
  return `src/routes/${name}.tsx`
}

/**
 * The JavaScript the client loads before it can hydrate this page (its route's split code and
 * the catalogs it needs; on a signed-in page, the session's runtime too), announced up front so
 * it downloads with the entry instead of after it; and the API reads the page starts with
 * (`firstReads`), fetched with the HTML. `signedIn`: the page is behind the sign-in shell.
 */
function preloadsFor(page, chunks, template) {
  const byModule = new Map()
  for (const [fileName, chunk] of Object.entries(chunks)) {
    for (const id of Object.keys(chunk.modules)) byModule.set(id, fileName)
  }
  const wanted = [
    ...page.routeIds
      .filter((id) => id !== '__root__')
      .map((id) => `${routeFile(id)}?tsr-split=component`),
    ...page.catalogs.map((catalog) => `locales/${page.lang}/${catalog}.po`),
  ]
  const files = new Set()
  const add = (fileName) => {
    if (!fileName || files.has(fileName)) return
    files.add(fileName)
    for (const imported of chunks[fileName]?.imports ?? []) add(imported)
  }
  for (const id of wanted) add(byModule.get(id))
  // A signed-in page asks who is signed in as soon as it hydrates, with the session's runtime
  // (a chunk of its own, loaded on demand everywhere else): it downloads with the rest.
  const signedIn = [...files].some(
    (fileName) => 'src/session/signed-in-shell.tsx' in chunks[fileName].modules,
  )
  if (signedIn) add(byModule.get('src/session/session-runtime.ts'))
  const missing = (fileName) => !template.includes(`/${fileName}"`)
  // The route's own CSS goes in as a stylesheet: the prerendered markup needs it before the
  // first paint, not when the route's JavaScript arrives (that would shift the layout).
  const stylesheets = [...new Set([...files].flatMap((fileName) => chunks[fileName]?.css ?? []))]
  // `crossorigin` (anonymous): the same mode and credentials as the client's fetch, so the
  // browser hands it this answer instead of asking again.
  const preloads = [
    ...page.firstReads.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
    ...stylesheets
      .filter(missing)
      .map((fileName) => `<link rel="stylesheet" crossorigin href="/${fileName}">`),
    ...[...files]
      .filter(missing)
      .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
  ]
  return { preloads, signedIn }
}

/**
 * The islands the page's markup names (`data-island="<name>"`, docs/decisions/068): for each,
 * its entry (the build's `<name>-island.tsx`) and the files it imports, which download with it.
 */
function islandsOf(page, chunks) {
  const islands = {}
  for (const [, name] of page.appHtml.matchAll(/\bdata-island="([a-z-]+)"/g)) {
    const module = new RegExp(`/${name}-island\\.tsx$`)
    const entry = Object.entries(chunks).find(
      ([, chunk]) => chunk.isEntry && Object.keys(chunk.modules).some((id) => module.test(id)),
    )
    if (!entry) throw new Error(`The page names the island ${name}, which the build lacks`)
    islands[name] = { src: `/${entry[0]}`, preloads: entry[1].imports.map((file) => `/${file}`) }
  }
  return islands
}

/** The built index.html with the page's language, head, preloads and markup. */
function fillTemplate(template, page, preloads) {
  // data-page-lang: the language the markup is in, for the pre-paint script and hydration.
  let html = replaceOnce(
    template,
    '<html lang="en"',
    `<html lang="${page.lang}" data-page-lang="${page.lang}"`,
  )
  html = replaceOnce(html, '<title>Puente Digital</title>', page.headHtml)
  if (preloads.length > 0)
    html = replaceOnce(html, '</head>', `  ${preloads.join('\n    ')}\n  </head>`)
  // A page that shows the site's content carries it, for hydration (docs/decisions/060): a data
  // block, which the browser never runs (its hash in the CSP list is harmless).
  const content =
    page.contentJson === null
      ? ''
      : `\n    <script type="application/json" id="published-content">${page.contentJson}</script>`
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${page.appHtml}</div>${content}`,
  )
}

/**
 * The scripts wait until the page has loaded and painted (docs/decisions/016): the entry and
 * the chunks it needs are requested by a small inline loader after the `load` event and the
 * first paint, so the HTML, the CSS and the hero image have the connection to themselves and
 * the largest paint never waits for JavaScript. A click before the scripts ran is replayed by
 * the app. The preloads keep the chunks downloading in parallel with the entry.
 * A page behind the sign-in (`afterLoad: false`) waits for the first paint only: its content
 * comes from the API through its scripts, and it has no picture to make way for.
 * A public page (`onIntent`) loads them only when the visitor is about to use what needs them
 * (docs/decisions/068): see `intentScript`.
 */
function loadScripts(html, { afterLoad, onIntent, islands }) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
  const found = entry.exec(html)
  if (!found) throw new Error('index.html must load one module entry')
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
  const chunks = [...html.matchAll(preload)].map((match) => match[1])
  const loader = `<script>
      ;(() => {
        const chunks = ${JSON.stringify(chunks)}
        const islands = ${JSON.stringify(islands)}
        const start = () => {
          const script = document.createElement('script')
          script.type = 'module'
          script.crossOrigin = ''
          script.src = ${JSON.stringify(found[1])}
          document.head.append(script)
          // Then the chunks the entry and the page's route need, a preload per task: each one
          // costs the main thread from a fraction of a millisecond to several, and all of them
          // at once made this the longest task after the first paint.
          const channel = new MessageChannel()
          let next = 0
          channel.port1.onmessage = () => {
            const link = document.createElement('link')
            link.rel = 'modulepreload'
            link.crossOrigin = ''
            link.href = chunks[next++]
            document.head.append(link)
            if (next < chunks.length) channel.port2.postMessage(null)
          }
          if (chunks.length > 0) channel.port2.postMessage(null)
        }
        // Once loaded and painted, and the page's main picture (the largest paint) with it:
        // the load event comes when the picture has arrived, not when it is on screen, and
        // scripts requested before the largest paint compete with it on a slow link. Paints
        // are observed rather than waited for with a frame and a timer: those stand still
        // under a test's paused clock (and in hidden tabs).
        const afterLoad = ${afterLoad}
        let waiting = afterLoad ? 2 : 1
        let started = false
        const begin = () => {
          if (started) return
          started = true
          start()
        }
${onIntent ? intentScript : '        const atLoad = begin\n'}        const ready = () => --waiting === 0 && atLoad()
        const loaded = () => {
          const picture = document.querySelector('img[elementtiming="main-picture"]')
          // A picture that failed or is not laid out is never painted: no wait for it.
          if (
            picture?.naturalWidth > 0 &&
            picture.checkVisibility?.() &&
            PerformanceObserver.supportedEntryTypes?.includes('element')
          ) {
            waiting++
            new PerformanceObserver((list, observer) => {
              if (!list.getEntries().some((entry) => entry.identifier === 'main-picture')) return
              observer.disconnect()
              ready()
            }).observe({ type: 'element', buffered: true })
          }
          ready()
        }
        if (afterLoad && document.readyState === 'complete') loaded()
        else if (afterLoad) addEventListener('load', loaded, { once: true })
        if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
          new PerformanceObserver((_, observer) => {
            observer.disconnect()
            ready()
          }).observe({ type: 'paint', buffered: true })
        } else requestAnimationFrame(() => setTimeout(ready))
      })()
    </script>
  </body>`
  return replaceOnce(html.replace(found[0], '').replace(preload, ''), '</body>', loader)
}

/**
 * A public page's loader part (docs/decisions/068): the prerendered page works on its own (its
 * links are links, its text is there), so the app loads only when something needs it:
 * - at load (once loaded and painted, as before) when the page must be alive at once: a visitor
 *   with the signed-in hint (the header shows the account, src/session/session-hint.ts), a page
 *   the app must switch to another language, or an element marked `data-live-at-load` whose
 *   media query matches and that has no island;
 * - at load, an island only (`data-island`, its entry from `islands`): an element marked
 *   `data-live-at-load` that can run alone (the slideshow rotates unless the visitor prefers
 *   reduced motion, with Preact, XState and its machine: src/hydration/slideshow-island.tsx);
 * - otherwise at the first sign of intent on a widget that needs the app (the pointer over it,
 *   focus in it, a touch or a key on it; not a live island's own controls, which answer by
 *   themselves), before the click: the click itself is kept by the
 *   early-input script and replayed once the app is live, and what was typed meanwhile is
 *   handed to the fields' handlers (src/hydration/early-clicks.ts);
 * - or when a form scrolls near the viewport (one already in view waits for intent).
 * Links are not widgets: a click on one before the app loads is an ordinary page load.
 * Defines `atLoad` for the loader; `begin` requests the scripts once.
 */
const intentScript = `        const hint = /(?:^|;\\s*)(?:__Host-)?signed-in=1(?:;|$)/
        // A page in another language than its address's, or a neutral page in another than the
        // visitor's (stored, else the browser's): the app switches it as soon as it runs
        // (src/main.tsx). As domain/locales.ts and
        // src/i18n/language-preference.ts decide.
        const otherLanguage = () => {
          const path = location.pathname
          const addressed = /^\\/(servicios|trabajos)(\\/|$)|^\\/privacidad$/.test(path)
            ? 'es'
            : /^\\/(services|work)(\\/|$)|^\\/privacy$/.test(path)
              ? 'en'
              : null
          if (addressed) return addressed !== document.documentElement.dataset.pageLang
          let stored = null
          try {
            stored = localStorage.getItem('app-language')
          } catch {}
          stored ??= /(?:^|;\\s*)app-language=([^;]*)/.exec(document.cookie)?.[1]
          const browser = (navigator.languages ?? [navigator.language])
            .map((tag) => String(tag).toLowerCase().split('-')[0])
            .find((tag) => tag === 'en' || tag === 'es')
          const wanted = stored === 'en' || stored === 'es' ? stored : browser || 'en'
          return wanted !== document.documentElement.dataset.pageLang
        }
        // An island (data-island) runs its widget alone, with its own files; the app still
        // waits for intent. Any other element that must be alive needs the app.
        const island = ({ src, preloads }) => {
          if (started) return
          for (const href of preloads) {
            const link = document.createElement('link')
            link.rel = 'modulepreload'
            link.crossOrigin = ''
            link.href = href
            document.head.append(link)
          }
          const script = document.createElement('script')
          script.type = 'module'
          script.crossOrigin = ''
          script.src = src
          document.head.append(script)
        }
        const atLoad = () => {
          if (hint.test(document.cookie) || otherLanguage()) return begin()
          const live = [...document.querySelectorAll('[data-live-at-load]')].filter((element) =>
            matchMedia(element.dataset.liveAtLoad || 'all').matches,
          )
          if (live.some((element) => !islands[element.dataset.island])) return begin()
          for (const element of live) island(islands[element.dataset.island])
        }
        const widgets =
          'button, input, select, textarea, label, summary, form, [role="button"], [aria-controls], [aria-haspopup]'
        // A live island's controls answer by themselves: intent on them is not intent for the app.
        const intent = (event) => {
          if (!(event.target instanceof Element) || event.target.closest('[data-island-live]')) return
          if (event.target.closest(widgets)) {
            stop()
            begin()
          }
        }
        const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown']
        for (const type of intents) addEventListener(type, intent, { capture: true, passive: true })
        const seen = new WeakSet()
        const near =
          typeof IntersectionObserver === 'function' &&
          new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                // The first report of each form says where it was at load: only coming near counts.
                const first = !seen.has(entry.target)
                seen.add(entry.target)
                if (entry.isIntersecting && !first) {
                  stop()
                  begin()
                  return
                }
              }
            },
            { rootMargin: '50% 0px' },
          )
        const observe = () => {
          if (near) for (const form of document.forms) near.observe(form)
        }
        if (document.readyState === 'loading') addEventListener('DOMContentLoaded', observe, { once: true })
        else observe()
        const stop = () => {
          for (const type of intents) removeEventListener(type, intent, { capture: true })
          if (near) near.disconnect()
        }
        // A click or a form sent while the page was still arriving: the app is wanted now.
        if (window.earlyClicks?.any()) {
          stop()
          begin()
        }
`

/** An SVG this small goes into the page itself rather than costing a request. */
const inlineSvgBytes = 4096

/**
 * The page's first picture (the image it fetches first, `fetchpriority="high"`), the largest
 * paint of the home and service pages, without waiting for the whole HTML (docs/decisions/046):
 * - a small SVG (a service page's drawing) is written into the page as a data URI: painted
 *   with the text, no request at all;
 * - a photo in a `<picture>` (the home page’s first slide) is announced at the top of the head
 *   with the same candidates as its first `<source>`, so the browser picks the same file and
 *   asks for it as the first bytes arrive, not once the parser reaches the image; and the
 *   candidate most screens pick is in the page itself (inlineOneCandidate).
 * Only the HTML changes: the client renders the same addresses, and hydration keeps what the
 * markup has.
 */
async function firstPictureEarly(html, clientDir) {
  const img = /<img\b[^>]*\bfetchPriority="high"[^>]*>/i.exec(html)
  if (!img) return html
  const src = /\bsrc="(\/assets\/[^"]+\.svg)"/.exec(img[0])?.[1]
  if (src) {
    const svg = await readFile(join(clientDir, src), 'utf8')
    if (Buffer.byteLength(svg) > inlineSvgBytes) return html
    const inlined = img[0].replace(
      `src="${src}"`,
      `src="data:image/svg+xml,${encodeURIComponent(svg.replace(/\s+/g, ' ').trim())}"`,
    )
    return html.replace(img[0], () => inlined)
  }
  const picture = html.lastIndexOf('<picture', img.index)
  const inPicture = picture >= 0 && !html.slice(picture, img.index).includes('</picture>')
  const source = inPicture && /<source\b[^>]*>/.exec(html.slice(picture, img.index))?.[0]
  if (!source) return html
  const attribute = (name) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(source)?.[1]
  const [type, srcset, sizes] = [attribute('type'), attribute('srcset'), attribute('sizes')]
  if (!type || !srcset || !sizes) return html
  const candidates = await inlineOneCandidate(srcset, type, clientDir)
  const withCandidates = html.replace(source, () => source.replace(srcset, candidates))
  // After the viewport's declaration: before it, a phone lays the page out 980 pixels wide and
  // would pick a larger file than the picture does.
  const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1" />'
  return replaceOnce(
    withCandidates,
    viewport,
    `${viewport}\n    <link rel="preload" as="image" type="${type}" imagesrcset="${candidates}" imagesizes="${sizes}" fetchpriority="high">`,
  )
}

/**
 * The width of the first picture's candidate written into the page: the file a desktop at one
 * pixel per CSS pixel and a phone of up to two (Lighthouse's Moto G at 1.75 among them) choose
 * with the home page's sizes. A denser screen picks a larger file and fetches it as before.
 */
const inlinePictureWidth = 768
/** A candidate this small is written into the page (as base64, about a third more). */
const inlinePictureBytes = 12 * 1024

/**
 * `srcset` with its `inlinePictureWidth` candidate as a data URI: a phone that picks it paints
 * the photo with the text, without a request and its round trip (on a mobile network the
 * largest part of the wait), for the file's size more of HTML (base64 compresses back to it).
 */
async function inlineOneCandidate(srcset, type, clientDir) {
  const entries = srcset.split(/,\s+/)
  const index = entries.findIndex((entry) => entry.endsWith(` ${inlinePictureWidth}w`))
  const url = index >= 0 ? /^\/assets\/\S+/.exec(entries[index])?.[0] : undefined
  if (!url) return srcset
  const bytes = await readFile(join(clientDir, url))
  if (bytes.length > inlinePictureBytes) return srcset
  entries[index] = `data:${type};base64,${bytes.toString('base64')} ${inlinePictureWidth}w`
  return entries.join(', ')
}

/**
 * The stylesheets (a few kilobytes compressed) inlined into the page: the first paint needs
 * only the HTML. The server allows each `<style>` by its hash in the CSP.
 * Each names its file in `data-href`: the app adds a disabled `<link>` to it before it imports
 * anything (src/hydration/inlined-stylesheets.ts), which is how Vite's loader of split code sees
 * that the route's CSS is already on the page. Without it the loader requested every inlined
 * file again when the route's code was imported, and held the import until they arrived: a
 * round trip before hydration (about 0.6 s with DevTools' slow 4G). The link is not written
 * here: Chromium's preload scanner fetched a disabled link of the HTML, at the highest
 * priority, before the first paint.
 */
async function inlineStylesheets(html, clientDir) {
  let result = html
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)) {
    const css = (await readFile(join(clientDir, match[1]), 'utf8')).trim()
    if (css.includes('</style')) throw new Error(`${match[1]} cannot be inlined`)
    result = result.replace(match[0], `<style data-href="/${match[1]}">${css}</style>`)
  }
  return result
}
