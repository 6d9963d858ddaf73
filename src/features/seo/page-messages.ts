import { msg } from '@lingui/core/macro'
import type { PageCopy } from '../../../domain/pages/page-facts'

/**
 * Metadata copy that belongs to no route: the brand, the not-found page, the keywords every
 * service page adds and the share image's text. Each page route declares its own copy.
 */

export const brandName = msg({ id: 'seo.brand', message: 'Puente Digital' })

export const notFoundPageCopy: PageCopy = {
  title: msg({ id: 'seo.not-found.title', message: 'Page not found' }),
  description: msg({
    id: 'seo.not-found.description',
    message: 'The page you are looking for does not exist or has moved.',
  }),
  keywords: msg({ id: 'seo.not-found.keywords', message: 'page not found' }),
}

/** Added to a service's name and area in its keywords. */
export const serviceKeywordSuffix = msg({
  id: 'seo.service.keywords-suffix',
  message: 'web agency, bilingual websites, Puente Digital',
})

export const shareImageAlt = msg({
  id: 'seo.share-image.alt',
  message:
    'The Puente Digital bridge logo on a blue background, with the tagline “Web design and development” in English and Spanish',
})

/** A case study page's title: the client's name is the site's content. */
export const caseStudyTitle = (client: string) =>
  msg({ id: 'seo.case-study.title', message: `Case study: ${client}` })
