import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { ServiceRequestPage } from '../features/requests/service-request-page'
import { ensureCatalogs } from '../i18n/i18n'

// One of the client's requests with its conversation and files. Like every signed-in page it
// is never indexed or in the sitemap; its one prerendered shell (at the route's own path, with
// the parameter unfilled) holds nobody's data and serves every request id.
const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.my-service.title', message: 'Your service request' }),
    description: msg({
      id: 'seo.my-service.description',
      message: 'One of your requests to Puente Digital: where it stands, messages and files.',
    }),
    keywords: msg({ id: 'seo.my-service.keywords', message: 'service request, messages, files' }),
  },
  indexable: false,
  catalogs: ['account', 'requests', 'workspace'],
  firstReads: ['me', 'myServiceRequests'],
}

export const Route = createFileRoute('/my-services_/$requestId')({
  staticData: { page },
  loader: () => ensureCatalogs(page.catalogs),
  component: ServiceRequestRoute,
})

function ServiceRequestRoute() {
  const { requestId } = Route.useParams()
  return <ServiceRequestPage requestId={requestId} />
}
