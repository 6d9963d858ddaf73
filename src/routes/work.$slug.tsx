import { createFileRoute, notFound } from '@tanstack/react-router'
import { caseStudyBySlug } from '../../domain/content/published-content'
import type { PageFacts } from '../../domain/pages/page-facts'
import { CaseStudyPage } from '../features/work/components/case-study-page'
import { ensureCatalogs } from '../i18n/i18n'
import { loadPublishedContent } from '../ui/published-content'

// One page per published case study; its title and description come from the case study.
const page: PageFacts = {
  kind: 'case-study',
  locale: 'en',
  indexable: true,
  catalogs: ['work'],
  content: true,
}

export const Route = createFileRoute('/work/$slug')({
  staticData: { page },
  loader: async ({ params }) => {
    await ensureCatalogs(page.catalogs)
    const caseStudy = caseStudyBySlug(await loadPublishedContent(), 'en', params.slug)
    if (!caseStudy) throw notFound()
    return caseStudy
  },
  component: EnglishCaseStudyRoute,
})

function EnglishCaseStudyRoute() {
  return <CaseStudyPage caseStudy={Route.useLoaderData()} locale="en" />
}
