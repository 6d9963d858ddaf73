import type { PublishedCaseStudy, PublishedContent } from '../content/published-content'
import type { Locale } from '../locales'
import { type AreaId, areaIds, serviceById, serviceTable } from '../services/service-table'
import { caseStudyPath, servicePath, workListingPaths } from './public-paths'

/**
 * The public pages a change of the published content touches (docs/decisions/060): the home page
 * in both languages (its testimonials), both listings, and for every case study that is not
 * what it was — added, changed, removed, its testimonial included — its addresses before and
 * after (a changed slug leaves the old address to answer 404) and the pages of the services it
 * names before and after. The team touches /about in both languages, the slides and the cards
 * the home page,
 * a service area's questions the pages of the area's services; the agency's WhatsApp number
 * every page that shows content and /contact. Nothing when the content is the same; everything
 * (`all`) when every page is to be rendered again.
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

const bothLanguages = (path: string): TouchedPage[] => [
  { path, locale: 'en' },
  { path, locale: 'es' },
]

/** Every service page of `area`, in both languages (they show the area's questions). */
function pagesOfArea(area: AreaId): TouchedPage[] {
  return serviceTable
    .filter((service) => service.area === area)
    .flatMap((service): TouchedPage[] => [
      { path: servicePath('en', service), locale: 'en' },
      { path: servicePath('es', service), locale: 'es' },
    ])
}

export function pagesTouched(
  before: PublishedContent,
  after: PublishedContent,
  { all = false }: { readonly all?: boolean } = {},
): TouchedPage[] {
  if (!all && JSON.stringify(before) === JSON.stringify(after)) return []
  // The WhatsApp link is in the footer of every page that shows content, and on /contact.
  const every = all || (before.whatsapp ?? null) !== (after.whatsapp ?? null)
  const differs = (of: (content: PublishedContent) => unknown) =>
    every || JSON.stringify(of(before)) !== JSON.stringify(of(after))
  const old = new Map(before.caseStudies.map((caseStudy) => [caseStudy.id, caseStudy]))
  const now = new Map(after.caseStudies.map((caseStudy) => [caseStudy.id, caseStudy]))
  const changed = [...new Set([...old.keys(), ...now.keys()])].filter(
    (id) => every || JSON.stringify(old.get(id)) !== JSON.stringify(now.get(id)),
  )
  const work = differs((content) => [content.caseStudies, content.testimonials])
  // A snapshot stored before the pages showed the team, slides, cards and questions has none of
  // them.
  const areas = areaIds.filter((area) =>
    differs((content) => (content.faqs ?? []).filter((faq) => faq.area === area)),
  )
  const pages: TouchedPage[] = [
    ...(work || differs((content) => [content.slides ?? [], content.cards ?? []])
      ? bothLanguages('/')
      : []),
    ...(work
      ? [
          { path: workListingPaths.en, locale: 'en' as const },
          { path: workListingPaths.es, locale: 'es' as const },
        ]
      : []),
    ...(differs((content) => content.team ?? []) ? bothLanguages('/about') : []),
    ...changed.flatMap((id) =>
      [old.get(id), now.get(id)].flatMap((caseStudy) => (caseStudy ? pagesOf(caseStudy) : [])),
    ),
    ...areas.flatMap(pagesOfArea),
    ...(every ? bothLanguages('/contact') : []),
  ]
  const seen = new Set<string>()
  return pages.filter(({ path, locale }) => {
    const key = `${locale} ${path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
