import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import type { PageFacts } from '../../domain/pages/page-facts'
import { HomePage } from '../features/home/components/home-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

const page: PageFacts = {
  kind: 'neutral',
  copy: {
    title: msg({ id: 'seo.home.title', message: 'Bilingual web design and development' }),
    description: msg({
      id: 'seo.home.description',
      message:
        'Puente Digital designs, builds and looks after fast, accessible websites and web applications in English and Spanish, from landing pages to custom software.',
    }),
    keywords: msg({
      id: 'seo.home.keywords',
      message:
        'web agency, web design, web development, bilingual websites, UX design, SEO, Mexico',
    }),
  },
  indexable: true,
  // The slideshow's words: a catalog of their own, which its island loads before the app.
  catalogs: ['slideshow'],
  content: true,
}

export const Route = createFileRoute('/')({
  staticData: { page },
  loader: async () => {
    await ensureCatalogs(page.catalogs)
    return loadPublishedContent()
  },
  component: HomeRoute,
})

function HomeRoute() {
  return <HomePage content={Route.useLoaderData()} />
}
