import { createFileRoute, notFound } from '@tanstack/react-router'
import { isEsSlug, serviceByEsSlug } from '../domain/services/service-table'
import { ServicePage } from '../features/services/components/service-page'
import { ensureCatalog } from '../i18n/i18n'

export const Route = createFileRoute('/servicios/$slug')({
  params: {
    parse: ({ slug }) => {
      if (!isEsSlug(slug)) throw notFound()
      return { slug }
    },
    stringify: ({ slug }) => ({ slug }),
  },
  loader: () => ensureCatalog('services'),
  component: SpanishServiceRoute,
})

function SpanishServiceRoute() {
  const { slug } = Route.useParams()
  const service = serviceByEsSlug(slug)
  return service ? <ServicePage service={service} locale="es" /> : null
}
