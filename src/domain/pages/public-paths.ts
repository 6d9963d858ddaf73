import type { Locale } from '../locales'
import { serviceTable } from '../services/service-table'

/**
 * Every public URL of the site, derived from the route table and the service table. The
 * server answers 404 for anything else; the sitemap and the prerender list come from here.
 */
export const neutralPaths = [
  '/',
  '/about',
  '/contact',
  '/login',
  '/register',
  '/reset-password',
  '/logout',
  '/profile',
  '/my-services',
] as const
export type NeutralPath = (typeof neutralPaths)[number]

/** Pages that exist once per language, with their twin in the other language. */
export type LocalizedPage = {
  readonly path: string
  readonly locale: Locale
  readonly twin: string
}

export const servicesListingPaths: Record<Locale, string> = { en: '/services', es: '/servicios' }

export function servicePath(locale: Locale, service: (typeof serviceTable)[number]): string {
  return locale === 'es' ? `/servicios/${service.es}` : `/services/${service.en}`
}

export const localizedPages: readonly LocalizedPage[] = [
  { path: servicesListingPaths.en, locale: 'en', twin: servicesListingPaths.es },
  { path: servicesListingPaths.es, locale: 'es', twin: servicesListingPaths.en },
  ...serviceTable.flatMap((service): LocalizedPage[] => [
    { path: servicePath('en', service), locale: 'en', twin: servicePath('es', service) },
    { path: servicePath('es', service), locale: 'es', twin: servicePath('en', service) },
  ]),
]

export const publicPaths: readonly string[] = [
  ...neutralPaths,
  ...localizedPages.map((p) => p.path),
]

const known = new Set(publicPaths)

/** True when `pathname` (without a trailing slash, except `/`) is a page of the site. */
export function isPublicPath(pathname: string): boolean {
  return known.has(pathname)
}
