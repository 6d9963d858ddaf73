import { Trans } from '@lingui/react/macro'
import {
  homeTestimonials,
  type PublishedContent,
} from '../../../../domain/content/published-content'
import { useLocale } from '../../../i18n/use-locale'
import { AgencyStructuredData } from '../../../ui/agency-structured-data'
import { WorkListingLink } from '../../../ui/case-study-link'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import { TestimonialList } from '../../../ui/testimonial-quote'
import { FeatureCards } from './feature-cards'
import { HeroSlideshow } from './hero-slideshow'

export function HomePage({ content }: { readonly content: PublishedContent }) {
  const locale = useLocale()
  const testimonials = homeTestimonials(content)
  return (
    <article className="home">
      {/* A compact heading so the slideshow, the page's hero, starts above the fold. */}
      <h1 className="home-title">
        <Trans>Websites and web applications that work as hard as you do</Trans>
      </h1>
      {/* The slides are the agency's to publish: with none published, the page has no hero. */}
      {content.slides.length > 0 && <HeroSlideshow slides={content.slides} locale={locale} />}
      {/* Below the fold and links only: hydrates after the rest of the page. */}
      <HydrateInTurn>
        <section className="home-cards" aria-labelledby="home-cards-heading">
          <h2 id="home-cards-heading">
            <Trans>What we do best</Trans>
          </h2>
          <p className="lead">
            <Trans>
              Puente Digital designs, builds and looks after fast, accessible websites in English
              and Spanish, from a single landing page to the software that runs your business.
            </Trans>
          </p>
          <FeatureCards cards={content.cards} locale={locale} />
        </section>
      </HydrateInTurn>
      {testimonials.length > 0 && (
        <HydrateInTurn>
          <section className="home-testimonials" aria-labelledby="home-testimonials-heading">
            <h2 id="home-testimonials-heading">
              <Trans>What our clients say</Trans>
            </h2>
            <TestimonialList testimonials={testimonials} locale={locale} />
            <p>
              <WorkListingLink locale={locale}>
                <Trans>See our work</Trans>
              </WorkListingLink>
            </p>
          </section>
        </HydrateInTurn>
      )}
      <AgencyStructuredData />
    </article>
  )
}
