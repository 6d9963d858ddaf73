import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../domain/pages/page-facts'
import { ServicesListingPage } from '../features/services/components/services-listing-page'
import { listingCopy } from '../routing/listing-copy'

const page: PageFacts = {
  kind: 'listing',
  locale: 'es',
  copy: listingCopy,
  indexable: true,
  catalogs: [],
}

export const Route = createFileRoute('/servicios/')({
  staticData: { page },
  component: () => <ServicesListingPage locale="es" />,
})
