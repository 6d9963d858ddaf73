import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { AboutPage } from '../features/company/about/about-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.about.title', message: 'About us' }),
    description: msg({
      id: 'seo.about.description',
      message:
        'Meet Puente Digital: senior designers and engineers who build fast, accessible websites in English and Spanish, with one lead from the first call to launch.',
    }),
    keywords: msg({
      id: 'seo.about.keywords',
      message: 'about Puente Digital, web agency team, bilingual web studio, accessible websites',
    }),
  },
  indexable: true,
  catalogs: ['about'],
  content: true,
}

export const Route = createFileRoute('/about')({
  staticData: { page },
  loader: async () => {
    await ensureCatalogs(page.catalogs)
    return loadPublishedContent()
  },
  component: AboutRoute,
})

function AboutRoute() {
  return <AboutPage content={Route.useLoaderData()} />
}
