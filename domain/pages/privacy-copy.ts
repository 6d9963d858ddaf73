import { msg } from '@lingui/core/macro'
import type { PageCopy } from './page-facts'

/** Metadata of the privacy notice, shared by its English and Spanish twins. */
export const privacyCopy: PageCopy = {
  title: msg({ id: 'seo.privacy.title', message: 'Privacy notice' }),
  description: msg({
    id: 'seo.privacy.description',
    message:
      'What Puente Digital collects through this website, why, how long it is kept, who processes it and how to access, correct or delete your data.',
  }),
  keywords: msg({
    id: 'seo.privacy.keywords',
    message: 'privacy notice, personal data, ARCO rights, LFPDPPP, Puente Digital',
  }),
}
