import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { PublishedCaseStudy } from '../../domain/content/published-content'
import type { Locale } from '../../domain/locales'
import { workListingPaths } from '../../domain/pages/public-paths'
import { useLocale } from '../i18n/use-locale'

/** A typed link to a case study's page in `locale` (`/work/<en>`, `/trabajos/<es>`). */
export function CaseStudyLink({
  caseStudy,
  locale,
  className,
  children,
}: {
  readonly caseStudy: PublishedCaseStudy
  readonly locale: Locale
  readonly className?: string
  readonly children: ReactNode
}) {
  return locale === 'es' ? (
    <Link to="/trabajos/$slug" params={{ slug: caseStudy.slug.es }} className={className}>
      {children}
    </Link>
  ) : (
    <Link to="/work/$slug" params={{ slug: caseStudy.slug.en }} className={className}>
      {children}
    </Link>
  )
}

/** A link to the case studies' listing in `locale` (/work or /trabajos; the active language's). */
export function WorkListingLink({
  locale,
  className,
  children,
}: {
  readonly locale?: Locale
  readonly className?: string
  readonly children: ReactNode
}) {
  const active = useLocale()
  return (
    <Link to={workListingPaths[locale ?? active]} className={className}>
      {children}
    </Link>
  )
}
