import type { Locale } from '../../domain/locales'
import {
  localizedPages,
  type NeutralPath,
  neutralPaths,
  servicesListingPaths,
} from '../../domain/pages/public-paths'
import { type Service, serviceByEnSlug, serviceByEsSlug } from '../../domain/services/service-table'

/** What a public URL shows, as far as its metadata is concerned. */
export type PageRef =
  | { readonly kind: 'neutral'; readonly path: NeutralPath }
  | {
      readonly kind: 'listing'
      readonly path: string
      readonly locale: Locale
      readonly twin: string
    }
  | {
      readonly kind: 'service'
      readonly path: string
      readonly locale: Locale
      readonly twin: string
      readonly service: Service
    }

const neutral = new Set<string>(neutralPaths)
const localized = new Map(localizedPages.map((page) => [page.path, page]))

function isNeutralPath(pathname: string): pathname is NeutralPath {
  return neutral.has(pathname)
}

/** The page behind `pathname`, or undefined when it is not a public page (a 404). */
export function pageRefFor(pathname: string): PageRef | undefined {
  if (isNeutralPath(pathname)) return { kind: 'neutral', path: pathname }
  const page = localized.get(pathname)
  if (!page) return undefined
  if (page.path === servicesListingPaths[page.locale]) return { kind: 'listing', ...page }
  const slug = page.path.slice(page.path.lastIndexOf('/') + 1)
  const service = page.locale === 'es' ? serviceByEsSlug(slug) : serviceByEnSlug(slug)
  return service ? { kind: 'service', ...page, service } : undefined
}
