import { msg } from '@lingui/core/macro'
import type { PageCopy } from './page-facts'

/** The case studies' listing's metadata, shared by its English and Spanish routes. */
export const workListingCopy: PageCopy = {
  title: msg({ id: 'seo.work.title', message: 'Our work' }),
  description: msg({
    id: 'seo.work.description',
    message:
      'Case studies of the websites, shops and web applications Puente Digital has built: the situation, the constraints, what we did and the results.',
  }),
  keywords: msg({
    id: 'seo.work.keywords',
    message: 'case studies, portfolio, web agency, web development results, Puente Digital',
  }),
}
