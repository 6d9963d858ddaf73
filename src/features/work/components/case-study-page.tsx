import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Bilingual, PublishedCaseStudy } from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import { serviceById, serviceNames } from '../../../../domain/services/service-table'
import { CaseStudyArt } from '../../../ui/case-study-art'
import { WorkListingLink } from '../../../ui/case-study-link'
import { ServiceLink } from '../../../ui/service-link'
import { TestimonialQuote } from '../../../ui/testimonial-quote'
import { CaseStudyStructuredData } from './work-structured-data'
import './work.css'

/** A text of the content as paragraphs (its line breaks as written). */
function Paragraphs({ text }: { readonly text: string }) {
  return text
    .split(/\n+/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph, index) => (
      // The paragraphs of one text never move: their place is their identity.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <p key={index}>{paragraph}</p>
    ))
}

function StorySection({ id, heading, text }: { id: string; heading: string; text: string }) {
  return (
    <section aria-labelledby={id} className="case-study-step">
      <h2 id={id}>{heading}</h2>
      <Paragraphs text={text} />
    </section>
  )
}

/**
 * One case study: who the client is, the services used (each linked to its page), the story
 * (situation, constraint, approach, outcome), the results as large figures, the client's words,
 * and a way to ask for the first service used. Every text but the headings is the site's
 * content, in the page's language.
 */
export function CaseStudyPage({
  caseStudy,
  locale,
}: {
  readonly caseStudy: PublishedCaseStudy
  readonly locale: Locale
}) {
  const { i18n } = useLingui()
  const { t } = useLinguiMacro()
  const text = (value: Bilingual) => value[locale]
  const services = caseStudy.services.map(serviceById)
  const first = services[0]
  const client = caseStudy.client
  const firstName = first ? i18n._(serviceNames[first.en]) : ''
  return (
    <article className="case-study">
      <header className="case-study-hero">
        <div>
          <p className="eyebrow">
            <Trans>Case study</Trans>
          </p>
          <h1>{client}</h1>
          <p className="lead">{text(caseStudy.sector)}</p>
          <dl className="case-study-facts">
            <div>
              <dt>
                <Trans>Client</Trans>
              </dt>
              <dd>{client}</dd>
            </div>
            <div>
              <dt>
                <Trans>Sector</Trans>
              </dt>
              <dd>{text(caseStudy.sector)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Services</Trans>
              </dt>
              <dd>
                <ul className="case-study-services">
                  {services.map((service) => (
                    <li key={service.en}>
                      <ServiceLink service={service} locale={locale} />
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        </div>
        <CaseStudyArt caseStudy={caseStudy} className="case-study-hero-art" />
      </header>
      <div className="case-study-story">
        <StorySection
          id="case-study-situation"
          heading={t`The situation`}
          text={text(caseStudy.situation)}
        />
        <StorySection
          id="case-study-constraint"
          heading={t`The constraint`}
          text={text(caseStudy.constraint)}
        />
        <StorySection
          id="case-study-approach"
          heading={t`Our approach`}
          text={text(caseStudy.approach)}
        />
        <StorySection
          id="case-study-outcome"
          heading={t`The outcome`}
          text={text(caseStudy.outcome)}
        />
      </div>
      {caseStudy.results.length > 0 && (
        <section aria-labelledby="case-study-results" className="case-study-results">
          <h2 id="case-study-results">
            <Trans>Results</Trans>
          </h2>
          <ul>
            {caseStudy.results.map((result) => (
              <li key={`${result.figure} ${result.label.en}`}>
                <span className="case-study-figure">{result.figure}</span>
                <span className="case-study-figure-label">{text(result.label)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {caseStudy.testimonial && (
        <section aria-labelledby="case-study-quote" className="case-study-quote">
          <h2 id="case-study-quote" className="visually-hidden">
            <Trans>In the client’s words</Trans>
          </h2>
          <TestimonialQuote testimonial={caseStudy.testimonial} locale={locale} />
        </section>
      )}
      <section className="call-to-action" aria-labelledby="case-study-cta">
        <h2 id="case-study-cta">
          <Trans>Want results like these?</Trans>
        </h2>
        <p className="cta-text">
          <Trans>
            Tell us about your project. We answer within one business day with next steps.
          </Trans>
        </p>
        <div className="actions">
          {first &&
            (locale === 'es' ? (
              <Link
                to="/servicios/$slug"
                params={{ slug: first.es }}
                search={{ brief: 'open' }}
                className="button button-primary"
              >
                <Trans>Request {firstName}</Trans>
              </Link>
            ) : (
              <Link
                to="/services/$slug"
                params={{ slug: first.en }}
                search={{ brief: 'open' }}
                className="button button-primary"
              >
                <Trans>Request {firstName}</Trans>
              </Link>
            ))}
          <WorkListingLink locale={locale} className="button">
            <Trans>See all our work</Trans>
          </WorkListingLink>
        </div>
      </section>
      <CaseStudyStructuredData caseStudy={caseStudy} locale={locale} title={client} />
    </article>
  )
}
