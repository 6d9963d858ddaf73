import type { ReactNode } from 'react'
import { ContentLink } from '../../../ui/content-link'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'

type SlideButtonProps = {
  /** As the agency wrote it for the page's language: a page of the site or another site. */
  readonly href: string
  readonly children: ReactNode
}

/**
 * A slide's call to action (a link written in the content, like a card's). It hydrates after
 * the slideshow's controls (HydrateInTurn): until then it is a plain link.
 */
export function SlideButton({ href, children }: SlideButtonProps) {
  return (
    <HydrateInTurn>
      <ContentLink href={href} className="button button-primary">
        {children}
      </ContentLink>
    </HydrateInTurn>
  )
}
