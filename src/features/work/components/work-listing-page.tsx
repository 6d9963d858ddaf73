import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { areasOf, type PublishedContent } from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import { areaIds, areaNames } from '../../../../domain/services/service-table'
import { CaseStudyCard } from '../../../ui/case-study-card'
import { WorkListStructuredData } from './work-structured-data'
import './work.css'

/** The filter's anchor of an area: `/work#area-seo-marketing` shows that area's case studies. */
export const areaFilterId = (area: string) => `area-${area}`

/**
 * The published case studies, featured first, with a filter by service area that needs no
 * JavaScript: each filter is a link to an anchor on this page, and the stylesheet hides the
 * case studies of other areas while that anchor is the target (work.css). The page's address
 * keeps the filter (it can be shared), and Back undoes it.
 */
export function WorkListingPage({
  locale,
  content,
}: {
  readonly locale: Locale
  readonly content: PublishedContent
}) {
  const { i18n } = useLingui()
  const used = new Set(content.caseStudies.flatMap(areasOf))
  const areas = areaIds.filter((area) => used.has(area))
  return (
    <article className="work-listing">
      <header className="page-intro">
        <h1>
          <Trans>Our work</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Some of the projects we have built with our clients: where they started, what stood in
            the way, what we did and what changed.
          </Trans>
        </p>
      </header>
      {areas.map((area) => (
        <span key={area} id={areaFilterId(area)} className="work-filter-target" />
      ))}
      <nav className="work-filters" aria-labelledby="work-filters-heading">
        <h2 id="work-filters-heading">
          <Trans>Filter by service area</Trans>
        </h2>
        <ul>
          <li>
            <a href="#work-list" className="work-filter work-filter-all">
              <Trans>All areas</Trans>
            </a>
          </li>
          {areas.map((area) => (
            <li key={area}>
              <a href={`#${areaFilterId(area)}`} className="work-filter">
                {i18n._(areaNames[area])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="case-study-list work-list" id="work-list">
        {content.caseStudies.map((caseStudy) => (
          <li
            key={caseStudy.id}
            className={areasOf(caseStudy)
              .map((area) => `in-${areaFilterId(area)}`)
              .join(' ')}
          >
            <CaseStudyCard caseStudy={caseStudy} locale={locale} headingLevel={2} />
          </li>
        ))}
      </ul>
      <WorkListStructuredData caseStudies={content.caseStudies} locale={locale} />
    </article>
  )
}
