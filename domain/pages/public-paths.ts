import type { Locale } from '../locales'
import { serviceTable } from '../services/service-table'

/**
 * The pages that exist once per language — the services listing, the privacy notice and each
 * service — with their
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

export function servicePath(locale: Locale, service: (typeof serviceTable)[number]): string {
  return locale === 'es' ? `/servicios/${service.es}` : `/services/${service.en}`
}

export const localizedPages: readonly LocalizedPage[] = [
  { path: servicesListingPaths.en, locale: 'en', twin: servicesListingPaths.es },
  { path: servicesListingPaths.es, locale: 'es', twin: servicesListingPaths.en },
  { path: privacyPaths.en, locale: 'en', twin: privacyPaths.es },
  { path: privacyPaths.es, locale: 'es', twin: privacyPaths.en },
  ...serviceTable.flatMap((service): LocalizedPage[] => [
    { path: servicePath('en', service), locale: 'en', twin: servicePath('es', service) },
    { path: servicePath('es', service), locale: 'es', twin: servicePath('en', service) },
  ]),
]
