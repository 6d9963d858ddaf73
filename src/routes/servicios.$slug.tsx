import { createFileRoute, notFound, useRouter } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { parseBriefSearch } from '../../domain/requests/brief-search'
import { isEsSlug, serviceBySlug } from '../../domain/services/service-table'
import { LazyRequestBrief } from '../features/requests/lazy-request-brief'
import { ServicePage } from '../features/services/components/service-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

// One page per service; its title, description and keywords come from the service.
const page: PageFacts = {
  kind: 'service',
  locale: 'es',
  indexable: true,
  catalogs: ['services'],
  content: true,
}

export const Route = createFileRoute('/servicios/$slug')({
  staticData: { page },
  params: {
    parse: ({ slug }) => {
      if (!isEsSlug(slug)) throw notFound()
      return { slug }
    },
    stringify: ({ slug }) => ({ slug }),
  },
  validateSearch: parseBriefSearch,
  loader: async () => {
    await ensureCatalogs(page.catalogs)
    return loadPublishedContent()
  },
  component: SpanishServiceRoute,
})

function SpanishServiceRoute() {
  const { slug } = Route.useParams()
  const { brief } = Route.useSearch()
  const content = Route.useLoaderData()
  const session = useRouter().options.context.session
  const service = serviceBySlug('es', slug)
  return service ? (
    <ServicePage
      service={service}
      locale="es"
      content={content}
      briefOpen={brief === 'open'}
      brief={
        <LazyRequestBrief
          serviceId={service.en}
          back={`/servicios/${slug}?brief=open`}
          session={session}
        />
      }
    />
  ) : null
}
