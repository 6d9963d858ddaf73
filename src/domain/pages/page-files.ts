import type { Locale } from '../locales'

/**
 * Where the build writes each prerendered page, relative to its pages directory; the server
 * reads them from the same names. Neutral pages exist once per language, localized pages
 * (services, listing) only in their own.
 */
export function pageFile(locale: Locale, path: string): string {
  return `${locale}${path === '/' ? '/index' : path}.html`
}

/** The translated not-found page. */
export function notFoundFile(locale: Locale): string {
  return `${locale}/404.html`
}

/** The light version of the page at `path` (its URL is /amp + path). */
export function lightFile(locale: Locale, path: string): string {
  return `amp/${pageFile(locale, path)}`
}

/** Written next to the pages: the origin baked into them, which the server may rewrite. */
export const pagesManifestFile = 'manifest.json'
export type PagesManifest = { readonly origin: string; readonly files: readonly string[] }
