import { useLingui } from '@lingui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/** A link to the services listing in the current language (/services or /servicios). */
export function ServicesListingLink({
  className,
  children,
}: {
  readonly className?: string
  readonly children: ReactNode
}) {
  const { i18n } = useLingui()
  return (
    <Link to={i18n.locale === 'es' ? '/servicios' : '/services'} className={className}>
      {children}
    </Link>
  )
}
