import { createFileRoute } from '@tanstack/react-router'
import { MyServicesPage } from '../features/account/components/my-services-page'

export const Route = createFileRoute('/my-services')({
  component: MyServicesPage,
})
