import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Locale } from '../../../domain/locales'
import type { Service } from '../../../domain/services/service-table'
import { serviceById } from '../../../domain/services/service-table'
import { type ImageSet, imageSets } from './image-sets'

/** Where a slide's button goes: a language-neutral page, or a service page in the slide's language. */
export type SlideLink =
  | { readonly kind: 'page'; readonly to: '/about' | '/services' | '/servicios' | '/contact' }
  | { readonly kind: 'service'; readonly service: Service }

export type Slide = {
  readonly id: string
  readonly imageSrc: ImageSet
  readonly imageAlt: MessageDescriptor
  readonly title: MessageDescriptor
  readonly subtitle: MessageDescriptor
  readonly paragraph: MessageDescriptor
  readonly buttonText: MessageDescriptor
  /** Per language: the Spanish third slide goes to the web applications page. */
  readonly buttonLink: Readonly<Record<Locale, SlideLink>>
}

export const slides: readonly Slide[] = [
  {
    id: 'bridge',
    imageSrc: imageSets['hero-bridge'],
    imageAlt: msg`Two browser windows joined by a suspension bridge`,
    subtitle: msg`About us`,
    title: msg`A digital bridge to your customers, in English and in Spanish`,
    paragraph: msg`We design and build websites that speak to both of your audiences natively, with one team from the first call to launch day.`,
    buttonText: msg`Meet the team`,
    buttonLink: { en: { kind: 'page', to: '/about' }, es: { kind: 'page', to: '/about' } },
  },
  {
    id: 'design',
    imageSrc: imageSets['hero-design'],
    imageAlt: msg`A page layout on a design canvas, with a colour palette and a pen tool`,
    subtitle: msg`Services`,
    title: msg`Design, development and growth under one roof`,
    paragraph: msg`From UX research and design systems to SEO, hosting and custom software, every service is planned with the others in mind.`,
    buttonText: msg`Explore our services`,
    // /services switches the site to English: the Spanish listing is its twin /servicios.
    buttonLink: { en: { kind: 'page', to: '/services' }, es: { kind: 'page', to: '/servicios' } },
  },
  {
    id: 'dashboard',
    imageSrc: imageSets['hero-dashboard'],
    imageAlt: msg`An application dashboard with charts, next to its source code`,
    subtitle: msg`Web applications`,
    title: msg`Software your team will enjoy using`,
    paragraph: msg`Dashboards, portals and internal tools built as fast, accessible web applications, tested every week and released with care.`,
    buttonText: msg`Start your web application`,
    buttonLink: {
      en: { kind: 'page', to: '/contact' },
      es: { kind: 'service', service: serviceById('web-applications') },
    },
  },
]
