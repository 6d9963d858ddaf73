import { createFileRoute } from '@tanstack/react-router'
import { listingCopy } from '../../domain/pages/listing-copy'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ServicesListingPage } from '../features/services/components/services-listing-page'

const page: PageFacts = {
  kind: 'listing',
  locale: 'en',
  copy: listingCopy,
  indexable: true,
  catalogs: [],
}

export const Route = createFileRoute('/services/')({
  staticData: { page },
  component: () => <ServicesListingPage locale="en" />,
})
