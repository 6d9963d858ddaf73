import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Locale } from '../../../../domain/locales'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import { ServiceLink } from '../../../ui/service-link'
import type { SlideLink } from '../slides'

type SlideButtonProps = {
  readonly link: SlideLink
  readonly locale: Locale
  readonly children: ReactNode
}

/**
 * A slide's call to action: a typed link to a page or to a service page in `locale`. It
 * hydrates after the slideshow's controls (HydrateInTurn): until then it is a plain link.
 */
export function SlideButton(props: SlideButtonProps) {
  return (
    <HydrateInTurn>
      <SlideCallToAction {...props} />
    </HydrateInTurn>
  )
}

function SlideCallToAction({ link, locale, children }: SlideButtonProps) {
  return link.kind === 'page' ? (
    <Link to={link.to} className="button button-primary">
      {children}
    </Link>
  ) : (
    <ServiceLink service={link.service} locale={locale} className="button button-primary">
      {children}
    </ServiceLink>
  )
}
