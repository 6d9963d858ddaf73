import { msg } from '@lingui/core/macro'
import type { PageCopy } from './page-facts'

/** The services listing's metadata, shared by its English and Spanish routes. */
export const listingCopy: PageCopy = {
  title: msg({ id: 'seo.services.title', message: 'Our services' }),
  description: msg({
    id: 'seo.services.description',
    message:
      'Twenty-eight web services in five areas: development, UX/UI design, SEO and marketing, maintenance and support, and advanced solutions such as cloud and IoT.',
  }),
  keywords: msg({
    id: 'seo.services.keywords',
    message:
      'web services, web development, UX/UI design, SEO and marketing, website maintenance, cloud solutions',
  }),
}
