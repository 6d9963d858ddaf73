import type { Locale } from '../locales'
import { serviceTable } from '../services/service-table'

/**
 * The pages that exist once per language — the services listing, the privacy notice, the
 * case studies' listing and each service — with their
 * twin in the other language, from the service table. (Every public page, neutral ones
 * included, is declared by its route: src/routing/public-pages.ts.)
 */

/** Pages that exist once per language, with their twin in the other language. */
export type LocalizedPage = {
  readonly path: string
  readonly locale: Locale
  readonly twin: string
}

export const servicesListingPaths = { en: '/services', es: '/servicios' } as const satisfies Record<
  Locale,
  string
>

/** The privacy notice: one page per language, each the other's twin. */
export const privacyPaths = { en: '/privacy', es: '/privacidad' } as const satisfies Record<
  Locale,
  string
>

/** The case studies ("Our work"): one listing per language, each the other's twin. */
export const workListingPaths = { en: '/work', es: '/trabajos' } as const satisfies Record<
  Locale,
  string
>

/** A case study's page in `locale`: `/work/<en slug>`, `/trabajos/<es slug>`. */
export function caseStudyPath(
  locale: Locale,
  slug: { readonly en: string; readonly es: string },
): string {
  return `${workListingPaths[locale]}/${slug[locale]}`
}

/**
 * The case studies' pages of `caseStudies` (they come from the site's content, not from a
 * table: the build's are the seed's), with their twins.
 */
export function caseStudyPages(
  caseStudies: readonly { readonly slug: { readonly en: string; readonly es: string } }[],
): LocalizedPage[] {
  return caseStudies.flatMap(({ slug }): LocalizedPage[] => [
    { path: caseStudyPath('en', slug), locale: 'en', twin: caseStudyPath('es', slug) },
    { path: caseStudyPath('es', slug), locale: 'es', twin: caseStudyPath('en', slug) },
  ])
}

/** A page of the services: the listing or a service, in either language (not the privacy notice). */
export function isServicesPath(pathname: string): boolean {
  return Object.values(servicesListingPaths).some(
    (listing) => pathname === listing || pathname.startsWith(`${listing}/`),
  )
}

export function servicePath(locale: Locale, service: (typeof serviceTable)[number]): string {
  return locale === 'es' ? `/servicios/${service.es}` : `/services/${service.en}`
}

export const localizedPages: readonly LocalizedPage[] = [
  { path: servicesListingPaths.en, locale: 'en', twin: servicesListingPaths.es },
  { path: servicesListingPaths.es, locale: 'es', twin: servicesListingPaths.en },
  { path: privacyPaths.en, locale: 'en', twin: privacyPaths.es },
  { path: privacyPaths.es, locale: 'es', twin: privacyPaths.en },
  { path: workListingPaths.en, locale: 'en', twin: workListingPaths.es },
  { path: workListingPaths.es, locale: 'es', twin: workListingPaths.en },
  ...serviceTable.flatMap((service): LocalizedPage[] => [
    { path: servicePath('en', service), locale: 'en', twin: servicePath('es', service) },
    { path: servicePath('es', service), locale: 'es', twin: servicePath('en', service) },
  ]),
]
