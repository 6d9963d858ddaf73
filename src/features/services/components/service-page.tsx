import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type ReactNode, Suspense } from 'react'
import {
  caseStudiesOfService,
  faqsOfArea,
  type PublishedContent,
  testimonialsOfService,
} from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import {
  areaNames,
  type Service,
  serviceNames,
  serviceTable,
} from '../../../../domain/services/service-table'
import { wasSignedIn } from '../../../session/session-hint'
import { useSession } from '../../../session/use-session'
import { CaseStudyCard } from '../../../ui/case-study-card'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import { InvoicingNote } from '../../../ui/invoicing-note'
import { ServiceLink } from '../../../ui/service-link'
import { TestimonialList } from '../../../ui/testimonial-quote'
import { useHydrated } from '../../../ui/use-hydrated'
import { WhatsappLink } from '../../../ui/whatsapp-link'
import { areaArtwork, artworkSize } from '../area-artwork'
import { serviceContent } from '../service-content'
import { FaqStructuredData } from './faq-structured-data'

type ServicePageProps = {
  readonly service: Service
  readonly locale: Locale
  /**
   * The site's published content: the case studies that used this service, their quotes, the
   * area's questions.
   */
  readonly content: PublishedContent
  /** The address asks for the request brief (`?brief=open`). */
  readonly briefOpen: boolean
  /** The brief, loaded on demand by the route (it is account code, not this page's). */
  readonly brief: ReactNode
}

/** A service's page: text and links only, so it hydrates after the frame (HydrateInTurn). */
export function ServicePage(props: ServicePageProps) {
  return (
    <HydrateInTurn>
      <ServiceArticle {...props} />
    </HydrateInTurn>
  )
}

function ServiceArticle({
  service,
  locale,
  content: published,
  briefOpen,
  brief,
}: ServicePageProps) {
  const { i18n } = useLingui()
  // The brief depends on who is signed in: the prerendered page never shows it.
  const hydrated = useHydrated()
  // Prerendered HTML is for everyone (signed out): a signed-in client's page switches once
  // hydrated, at once when the server's hint cookie says a session is open (no wait for the
  // session's answer, no account code on this page). Both labels share the button's box (one
  // hidden), so the switch moves nothing.
  const { status, user } = useSession()
  const signedIn =
    hydrated &&
    (user !== undefined || ((status === 'unknown' || status === 'loading') && wasSignedIn()))
  const content = serviceContent[service.en]
  const faqs = faqsOfArea(published, service.area)
  const caseStudies = caseStudiesOfService(published, service.en)
  const testimonials = testimonialsOfService(published, service.en).slice(0, 3)
  const related = content.related
    .map((id) => serviceTable.find((s) => s.en === id))
    .filter((s): s is Service => s !== undefined)
  return (
    <article className="service-page">
      <header className="service-hero">
        <div>
          <p className="eyebrow">{i18n._(areaNames[service.area])}</p>
          <h1>{i18n._(serviceNames[service.en])}</h1>
          <p className="lead">{i18n._(content.summary)}</p>
        </div>
        <img
          className="service-hero-art"
          src={areaArtwork[service.area]}
          width={artworkSize.width}
          height={artworkSize.height}
          alt=""
          fetchPriority="high"
        />
      </header>
      <div className="service-overview">
        <section aria-labelledby="service-what">
          <h2 id="service-what">
            <Trans>What it is</Trans>
          </h2>
          <p>{i18n._(content.intro)}</p>
        </section>
        <section aria-labelledby="service-audience" className="service-audience">
          <h2 id="service-audience">
            <Trans>Who it suits</Trans>
          </h2>
          <p>{i18n._(content.audience)}</p>
        </section>
      </div>
      <section aria-labelledby="service-included">
        <h2 id="service-included">
          <Trans>What is included</Trans>
        </h2>
        <ul className="icon-grid">
          {content.included.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="service-steps">
        <h2 id="service-steps">
          <Trans>How we work</Trans>
        </h2>
        <ol className="process-steps">
          {content.steps.map((step) => (
            <li key={step.title.id}>
              <h3>{i18n._(step.title)}</h3>
              <p>{i18n._(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>
      {caseStudies.length > 0 && (
        <section aria-labelledby="service-work">
          <h2 id="service-work">
            <Trans>Our work with this service</Trans>
          </h2>
          <ul className="case-study-list">
            {caseStudies.map((caseStudy) => (
              <li key={caseStudy.id}>
                <CaseStudyCard caseStudy={caseStudy} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {testimonials.length > 0 && (
        <section aria-labelledby="service-testimonials">
          <h2 id="service-testimonials">
            <Trans>What our clients say</Trans>
          </h2>
          <TestimonialList testimonials={testimonials} locale={locale} />
        </section>
      )}
      <section aria-labelledby="service-faq" className="faq">
        <h2 id="service-faq">
          <Trans>Frequently asked questions</Trans>
        </h2>
        {faqs.map((faq, place) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered whole, never reordered in place
          <details key={place}>
            <summary>{faq.question[locale]}</summary>
            <p>{faq.answer[locale]}</p>
          </details>
        ))}
        <FaqStructuredData faqs={faqs} locale={locale} />
      </section>
      <section className="call-to-action" aria-labelledby="service-cta">
        <h2 id="service-cta">
          <Trans>Let's talk about your project</Trans>
        </h2>
        <p className="cta-text">
          <Trans>
            Tell us where you are and where you want to be. We answer within one business day with
            next steps, not a sales script.
          </Trans>
        </p>
        <InvoicingNote />
        <div className="actions">
          <Link
            to="."
            search={{ brief: 'open' }}
            resetScroll={false}
            className="button button-primary"
            aria-controls={briefOpen && hydrated ? 'request-brief' : undefined}
          >
            <Trans>Request this service</Trans>
          </Link>
          <Link to="/contact" search={{ service: service[locale] }} className="button">
            <Trans>Contact us</Trans>
          </Link>
          <Link to={signedIn ? '/my-services' : '/register'} className="button label-swap">
            <span className={signedIn ? 'label-swap-off' : undefined}>
              <Trans>Create an account</Trans>
            </span>
            <span className={signedIn ? undefined : 'label-swap-off'}>
              <Trans>My services</Trans>
            </span>
          </Link>
        </div>
        {published.whatsapp !== null && (
          <p>
            <WhatsappLink digits={published.whatsapp} service={service.en} />
          </p>
        )}
        {briefOpen && hydrated ? (
          <div id="request-brief">
            <Suspense
              fallback={
                <p role="status">
                  <Trans>Loading the brief…</Trans>
                </p>
              }
            >
              {brief}
            </Suspense>
          </div>
        ) : null}
      </section>
      {related.length > 0 && (
        <nav aria-labelledby="service-related" className="related">
          <h2 id="service-related">
            <Trans>Related services</Trans>
          </h2>
          <ul className="service-cards">
            {related.map((s) => (
              <li key={s.en} className="service-card">
                <img
                  src={areaArtwork[s.area]}
                  width={artworkSize.width}
                  height={artworkSize.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <p className="eyebrow">{i18n._(areaNames[s.area])}</p>
                <ServiceLink service={s} locale={locale} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  )
}
