import { createFileRoute } from '@tanstack/react-router'
import { ServicesListingPage } from '../features/services/components/services-listing-page'

export const Route = createFileRoute('/servicios/')({
  component: () => <ServicesListingPage locale="es" />,
})
