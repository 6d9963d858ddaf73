import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { privacyPaths } from '../../domain/pages/public-paths'
import { useLocale } from '../i18n/use-locale'

/** A link to the privacy notice in the current language (/privacy or /privacidad). */
export function PrivacyLink({
  className,
  children,
}: {
  readonly className?: string
  readonly children: ReactNode
}) {
  const locale = useLocale()
  return (
    <Link to={privacyPaths[locale]} className={className}>
      {children}
    </Link>
  )
}
