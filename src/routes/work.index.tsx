import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { workListingCopy } from '../../domain/pages/work-copy'
import { WorkListingPage } from '../features/work/components/work-listing-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

const page: PageFacts = {
  kind: 'listing',
  locale: 'en',
  copy: workListingCopy,
  indexable: true,
  catalogs: ['work'],
  content: true,
}

export const Route = createFileRoute('/work/')({
  staticData: { page },
  loader: async () => {
    await ensureCatalogs(page.catalogs)
    return loadPublishedContent()
  },
  component: EnglishWorkListingRoute,
})

function EnglishWorkListingRoute() {
  return <WorkListingPage locale="en" content={Route.useLoaderData()} />
}
