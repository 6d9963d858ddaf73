import type { PublishedCaseStudy, PublishedContent } from '../content/published-content'
import type { Locale } from '../locales'
import { serviceById } from '../services/service-table'
import { caseStudyPath, servicePath, workListingPaths } from './public-paths'

/**
 * The public pages a change of the published content touches (docs/decisions/060): the home page
 * in both languages (its testimonials), both listings, and for every case study that is not
 * what it was — added, changed, removed, its testimonial included — its addresses before and
 * after (a changed slug leaves the old address to answer 404) and the pages of the services it
 * names before and after. Nothing when the content is the same; everything (`all`) when every
 * page is to be rendered again.
 */

export type TouchedPage = { readonly path: string; readonly locale: Locale }

function pagesOf(caseStudy: PublishedCaseStudy): TouchedPage[] {
  return [
    { path: caseStudyPath('en', caseStudy.slug), locale: 'en' },
    { path: caseStudyPath('es', caseStudy.slug), locale: 'es' },
    ...caseStudy.services.flatMap((id): TouchedPage[] => [
      { path: servicePath('en', serviceById(id)), locale: 'en' },
      { path: servicePath('es', serviceById(id)), locale: 'es' },
    ]),
  ]
}

export function pagesTouched(
  before: PublishedContent,
  after: PublishedContent,
  { all = false }: { readonly all?: boolean } = {},
): TouchedPage[] {
  if (!all && JSON.stringify(before) === JSON.stringify(after)) return []
  const old = new Map(before.caseStudies.map((caseStudy) => [caseStudy.id, caseStudy]))
  const now = new Map(after.caseStudies.map((caseStudy) => [caseStudy.id, caseStudy]))
  const changed = [...new Set([...old.keys(), ...now.keys()])].filter(
    (id) => all || JSON.stringify(old.get(id)) !== JSON.stringify(now.get(id)),
  )
  const pages: TouchedPage[] = [
    { path: '/', locale: 'en' },
    { path: '/', locale: 'es' },
    { path: workListingPaths.en, locale: 'en' },
    { path: workListingPaths.es, locale: 'es' },
    ...changed.flatMap((id) =>
      [old.get(id), now.get(id)].flatMap((caseStudy) => (caseStudy ? pagesOf(caseStudy) : [])),
    ),
  ]
  const seen = new Set<string>()
  return pages.filter(({ path, locale }) => {
    const key = `${locale} ${path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
