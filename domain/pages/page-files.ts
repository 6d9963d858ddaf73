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

/**
 * One public page as the server sees it: a neutral page (no `locale`) exists in both languages
 * and is served in the visitor's; a localized one only in its own.
 */
export type ManifestPage = {
  readonly path: string
  readonly locale?: Locale
}

/**
 * Written next to the pages by the build: the origin baked into them (which the server may
 * rewrite), every file written, and every public page, derived from the routes.
 */
export const pagesManifestFile = 'manifest.json'
export type PagesManifest = {
  readonly origin: string
  readonly files: readonly string[]
  readonly pages: readonly ManifestPage[]
}
