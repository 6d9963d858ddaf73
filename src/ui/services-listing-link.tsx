import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { servicesListingPaths } from '../../domain/pages/public-paths'
import { useLocale } from '../i18n/use-locale'

/** A link to the services listing in the current language (/services or /servicios). */
export function ServicesListingLink({
  className,
  hash,
  children,
}: {
  readonly className?: string
  /** An area's section on the listing (its heading's id). */
  readonly hash?: string
  readonly children: ReactNode
}) {
  const locale = useLocale()
  return (
    <Link to={servicesListingPaths[locale]} hash={hash} className={className}>
      {children}
    </Link>
  )
}
