import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { MyServicesPage } from '../features/requests/my-services-page'
import { ensureCatalogs } from '../i18n/i18n'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.my-services.title', message: 'My services' }),
    description: msg({
      id: 'seo.my-services.description',
      message:
        'See the services you have with Puente Digital, where each one stands and what comes next.',
    }),
    keywords: msg({ id: 'seo.my-services.keywords', message: 'my services, client area' }),
  },
  indexable: false,
  catalogs: ['requests'],
  firstReads: ['me', 'myServiceRequests'],
}

export const Route = createFileRoute('/my-services')({
  staticData: { page },
  loader: () => ensureCatalogs(page.catalogs),
  component: MyServicesPage,
})
