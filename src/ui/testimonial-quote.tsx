import type { PublishedTestimonial } from '../../domain/content/published-content'
import type { Locale } from '../../domain/locales'
import './testimonials.css'

/**
 * A client's words as a quotation: the quote (its paragraphs as written) in a `<blockquote>`,
 * who said it in the `<figcaption>`. Every text is the site's content, rendered as text.
 */
export function TestimonialQuote({
  testimonial,
  locale,
}: {
  readonly testimonial: PublishedTestimonial
  readonly locale: Locale
}) {
  const paragraphs = testimonial.quote[locale].split(/\n+/).filter((p) => p.trim() !== '')
  return (
    <figure className="testimonial" lang={locale}>
      <blockquote>
        {paragraphs.map((paragraph, index) => (
          // The paragraphs of one quote never move: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index}>{paragraph}</p>
        ))}
      </blockquote>
      <figcaption>
        <span className="testimonial-person">{testimonial.person}</span>
        <span className="testimonial-role">
          {testimonial.role[locale]}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  )
}

/** A few testimonials side by side, under their heading (given by the page). */
export function TestimonialList({
  testimonials,
  locale,
}: {
  readonly testimonials: readonly PublishedTestimonial[]
  readonly locale: Locale
}) {
  return (
    <ul className="testimonial-list">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id}>
          <TestimonialQuote testimonial={testimonial} locale={locale} />
        </li>
      ))}
    </ul>
  )
}
