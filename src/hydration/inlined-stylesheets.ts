/**
 * A prerendered page carries its stylesheets inline, each `<style>` naming its file in
 * `data-href` (server/site/page-html.mjs): the first paint needs only the HTML. Vite's loader of
 * split code knows a stylesheet is on the page by a `<link rel="stylesheet">` with its address;
 * without one, importing a route's code requests every inlined file again and holds the import
 * until they arrive. So the app, before it imports anything, gives each inlined stylesheet a
 * disabled link: neither applied nor fetched when a script adds it. (Written into the HTML, the
 * same link was fetched by Chromium's preload scanner at the highest priority, before the first
 * paint, which it delayed.)
 */
export function linkInlinedStylesheets(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.dataset.href
    if (!href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue
    const link = document.createElement('link')
    // Disabled before it has an address: a stylesheet link is fetched as soon as it has both.
    link.setAttribute('disabled', '')
    link.rel = 'stylesheet'
    link.setAttribute('href', href)
    style.after(link)
  }
}

linkInlinedStylesheets()
