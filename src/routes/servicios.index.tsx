import { createFileRoute } from '@tanstack/react-router'
import { listingCopy } from '../../domain/pages/listing-copy'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ServicesListingPage } from '../features/services/components/services-listing-page'

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
