import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { privacyCopy } from '../../domain/pages/privacy-copy'
import { PrivacyNoticePage } from '../features/privacy/components/privacy-notice-page'
import { ensureCatalogs } from '../i18n/i18n'

const page: PageFacts = {
  kind: 'listing',
  locale: 'en',
  copy: privacyCopy,
  indexable: true,
  catalogs: ['contact'],
}

export const Route = createFileRoute('/privacy')({
  staticData: { page },
  loader: () => ensureCatalogs(page.catalogs),
  component: PrivacyNoticePage,
})
