import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { workListingCopy } from '../../domain/pages/work-copy'
import { WorkListingPage } from '../features/work/components/work-listing-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

const page: PageFacts = {
  kind: 'listing',
  locale: 'es',
  copy: workListingCopy,
  indexable: true,
  catalogs: ['work'],
  content: true,
}

export const Route = createFileRoute('/trabajos/')({
  staticData: { page },
  loader: async () => {
    await ensureCatalogs(page.catalogs)
    return loadPublishedContent()
  },
  component: SpanishWorkListingRoute,
})

function SpanishWorkListingRoute() {
  return <WorkListingPage locale="es" content={Route.useLoaderData()} />
}
