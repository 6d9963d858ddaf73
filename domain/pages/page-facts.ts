import type { MessageDescriptor } from '@lingui/core'
import type { endpoints } from '../api/api-contract'
import type { Locale } from '../locales'

/** Lingui catalogs: `messages` on every page; the others where a page says it needs them. */
export const catalogNames = [
  'messages',
  'services',
  'registration',
  'account',
  'contact',
  'requests',
  'admin',
  'workspace',
  'about',
  'work',
  'slideshow',
] as const
export type CatalogName = (typeof catalogNames)[number]

/** A page's metadata copy: its title (" | Puente Digital" is added), description and keywords. */
export type PageCopy = {
  readonly title: MessageDescriptor
  readonly description: MessageDescriptor
  readonly keywords: MessageDescriptor
}

/**
 * What a route declares about the page(s) it renders (its `staticData.page`): the metadata
 * copy, whether search engines may index it, and the catalogs it needs besides `messages`.
 * The prerender list, the sitemap, the server's list of pages and every page's head are
 * derived from these declarations.
 *
 * - `neutral`: one path, rendered in both languages (the server picks one per visitor).
 * - `listing`: a page with one path per language, each the other's twin (the services listing
 *   `/services`, `/servicios`; the privacy notice `/privacy`, `/privacidad`: public-paths.ts).
 * - `service`: one page per service of the service table, in the route's language; its
 *   copy comes from the service.
 * - `case-study`: one page per published case study, in the route's language; its copy comes
 *   from the case study (the site's content).
 */
export type PageFacts = (
  | { readonly kind: 'neutral'; readonly copy: PageCopy }
  | { readonly kind: 'listing'; readonly locale: Locale; readonly copy: PageCopy }
  | { readonly kind: 'service'; readonly locale: Locale }
  | { readonly kind: 'case-study'; readonly locale: Locale }
) & {
  readonly indexable: boolean
  readonly catalogs: readonly Exclude<CatalogName, 'messages'>[]
  /**
   * The page shows the site's published content (case studies, testimonials): its route loads
   * it, and its HTML carries it for hydration (docs/decisions/060).
   */
  readonly content?: true
  /**
   * The page acts as it arrives (takes a link's token, signs out): its app loads with the page,
   * not on the visitor's first intent as other public pages' does (docs/decisions/068).
   */
  readonly actsOnArrival?: true
  /**
   * What a page behind the sign-in asks the API for first, at a fixed address: its HTML names
   * them, so the browser fetches them while the page's code downloads, and the page's own
   * requests take those answers instead of starting after it (docs/decisions/046).
   */
  readonly firstReads?: readonly FixedRead[]
}

type Endpoints = typeof endpoints
/** An endpoint read with GET at an address without parameters. */
export type FixedRead = {
  [Name in keyof Endpoints]: Endpoints[Name]['method'] extends 'GET'
    ? Endpoints[Name]['path'] extends `${string}:${string}`
      ? never
      : Name
    : never
}[keyof Endpoints]
