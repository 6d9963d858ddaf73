import { Trans } from '@lingui/react/macro'
import type { PublishedCaseStudy } from '../../domain/content/published-content'
import type { Locale } from '../../domain/locales'
import { CaseStudyArt } from './case-study-art'
import { CaseStudyLink } from './case-study-link'
import './case-studies.css'

/** A case study in a list: its drawing, client, sector, first result and a link to it. */
export function CaseStudyCard({
  caseStudy,
  locale,
  headingLevel = 3,
}: {
  readonly caseStudy: PublishedCaseStudy
  readonly locale: Locale
  readonly headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const first = caseStudy.results[0]
  return (
    <article className="case-study-card">
      <CaseStudyArt caseStudy={caseStudy} className="case-study-card-art" />
      <div className="case-study-card-body">
        <Heading>
          <CaseStudyLink caseStudy={caseStudy} locale={locale} className="case-study-card-link">
            {caseStudy.client}
          </CaseStudyLink>
        </Heading>
        <p className="case-study-card-sector">{caseStudy.sector[locale]}</p>
        {first && (
          <p className="case-study-card-result">
            <span className="case-study-card-figure">{first.figure}</span>{' '}
            <span>{first.label[locale]}</span>
          </p>
        )}
        <p className="case-study-card-more" aria-hidden="true">
          <Trans>Read the case study</Trans>
        </p>
      </div>
    </article>
  )
}
