import { useRouter } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { localeFromPath } from '../../domain/locales'
import { serviceBySlug } from '../../domain/services/service-table'
import { ServiceLink } from './service-link'

type ContentLinkProps = {
  /** As the agency wrote it: a page of the site (`/…`) or another site's address. */
  readonly href: string
  readonly className?: string
  readonly children: ReactNode
}

/**
 * A link written in the site's content (a card's button). A service page is the router's typed
 * link, as every other link to a service (preloaded on intent); another page of the site is
 * followed without a reload; another site's address is a plain link.
 */
export function ContentLink({ href, className, children }: ContentLinkProps) {
  const router = useRouter()
  const service = serviceOf(href)
  if (service)
    return (
      <ServiceLink service={service.service} locale={service.locale} className={className}>
        {children}
      </ServiceLink>
    )
  if (!href.startsWith('/'))
    return (
      <a href={href} className={className}>
        {children}
      </a>
    )
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window stays the browser's.
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href })
  }
  return (
    <a href={href} className={className} onClick={follow}>
      {children}
    </a>
  )
}

/** The service page at `href` (`/services/<en>`, `/servicios/<es>`), if it is one. */
function serviceOf(href: string) {
  const match = /^\/(services|servicios)\/([a-z0-9-]+)$/.exec(href)
  if (!match?.[2]) return undefined
  const locale = localeFromPath(href)
  const service = locale ? serviceBySlug(locale, match[2]) : undefined
  return service && locale ? { service, locale } : undefined
}
