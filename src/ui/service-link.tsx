import { useLingui } from '@lingui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Locale } from '../../domain/locales'
import { type Service, serviceNames } from '../../domain/services/service-table'

type ServiceLinkProps = {
  readonly service: Service
  readonly locale: Locale
  readonly className?: string
  readonly children?: ReactNode
}

/** A typed link to a service page in `locale`; the text defaults to the service's name. */
export function ServiceLink({ service, locale, className, children }: ServiceLinkProps) {
  const { i18n } = useLingui()
  const text = children ?? i18n._(serviceNames[service.en])
  return locale === 'es' ? (
    <Link to="/servicios/$slug" params={{ slug: service.es }} className={className}>
      {text}
    </Link>
  ) : (
    <Link to="/services/$slug" params={{ slug: service.en }} className={className}>
      {text}
    </Link>
  )
}
