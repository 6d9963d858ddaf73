import { createFileRoute, notFound } from '@tanstack/react-router'
import { caseStudyBySlug } from '../../domain/content/published-content'
import type { PageFacts } from '../../domain/pages/page-facts'
import { CaseStudyPage } from '../features/work/components/case-study-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

// One page per published case study; its title and description come from the case study.
const page: PageFacts = {
  kind: 'case-study',
  locale: 'es',
  indexable: true,
  catalogs: ['work'],
  content: true,
}

export const Route = createFileRoute('/trabajos/$slug')({
  staticData: { page },
  loader: async ({ params }) => {
    await ensureCatalogs(page.catalogs)
    const caseStudy = caseStudyBySlug(await loadPublishedContent(), 'es', params.slug)
    if (!caseStudy) throw notFound()
    return caseStudy
  },
  component: SpanishCaseStudyRoute,
})

function SpanishCaseStudyRoute() {
  return <CaseStudyPage caseStudy={Route.useLoaderData()} locale="es" />
}
