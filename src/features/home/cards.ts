import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Service } from '../../../domain/services/service-table'
import { serviceById } from '../../../domain/services/service-table'
import { type ImageSet, imageSets } from './image-sets'

export type BadgeIcon = 'star' | 'trend'

export type Card = {
  readonly imageSrc: ImageSet
  readonly imageAlt: MessageDescriptor
  readonly badge?: { readonly icon: BadgeIcon; readonly text: MessageDescriptor }
  readonly title: MessageDescriptor
  readonly description: MessageDescriptor
  readonly buttonText: MessageDescriptor
  /** A real service page, never `#`; the link follows the page's language. */
  readonly buttonLink: Service
}

const learnMore = msg`Learn more`

export const cards: readonly Card[] = [
  {
    imageSrc: imageSets['card-code'],
    imageAlt: msg`A code editor beside a live preview of the page`,
    badge: { icon: 'star', text: msg`Featured` },
    title: msg`Web development that lasts`,
    description: msg`Fast, accessible sites built on open standards, with code you own and can hand to any team.`,
    buttonText: learnMore,
    buttonLink: serviceById('web-development'),
  },
  {
    imageSrc: imageSets['card-ux'],
    imageAlt: msg`Three phone screens linked by a user flow, with sticky notes`,
    badge: { icon: 'trend', text: msg`Most requested` },
    title: msg`UX design grounded in research`,
    description: msg`We map how your customers really move through your site and remove every step that gets in their way.`,
    buttonText: learnMore,
    buttonLink: serviceById('ux-design'),
  },
  {
    imageSrc: imageSets['card-seo'],
    imageAlt: msg`Search results with yours on top, and a rising traffic chart`,
    title: msg`SEO that brings the right visitors`,
    description: msg`Technical fixes, content and reporting in both languages, so people find you when they search.`,
    buttonText: learnMore,
    buttonLink: serviceById('seo'),
  },
  {
    imageSrc: imageSets['card-servers'],
    imageAlt: msg`A rack of healthy servers, a backup cloud and a security shield`,
    title: msg`Maintenance and peace of mind`,
    description: msg`Updates, backups, monitoring and security patches every month, with a person who answers when something breaks.`,
    buttonText: learnMore,
    buttonLink: serviceById('web-maintenance'),
  },
]
