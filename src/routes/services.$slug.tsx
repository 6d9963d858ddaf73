import { createFileRoute, notFound } from '@tanstack/react-router'
import { isEnSlug, serviceByEnSlug } from '../domain/services/service-table'
import { ServicePage } from '../features/services/components/service-page'
import { ensureCatalog } from '../i18n/i18n'

export const Route = createFileRoute('/services/$slug')({
  params: {
    parse: ({ slug }) => {
      if (!isEnSlug(slug)) throw notFound()
      return { slug }
    },
    stringify: ({ slug }) => ({ slug }),
  },
  loader: () => ensureCatalog('services'),
  component: EnglishServiceRoute,
})

function EnglishServiceRoute() {
  const { slug } = Route.useParams()
  const service = serviceByEnSlug(slug)
  return service ? <ServicePage service={service} locale="en" /> : null
}
