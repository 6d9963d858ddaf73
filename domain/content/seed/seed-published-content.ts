import { type PublishedContent, publishedContentOf } from '../published-content'
import { seedCards } from './seed-cards'
import { seedCaseStudies } from './seed-case-studies'
import { seedFaqs } from './seed-faqs'
import { seedSlides } from './seed-slides'
import { seedTeam } from './seed-team'
import { seedTestimonials } from './seed-testimonials'

/**
 * The content the site ships with, as the build renders it (no database at build time). Its
 * own module: the pages' code imports the snapshot's helpers without the seed's texts.
 */
export function seedPublishedContent(): PublishedContent {
  return publishedContentOf([
    ...seedCaseStudies.map(({ id, ...data }) => ({
      kind: 'case-studies' as const,
      id,
      state: 'published' as const,
      data,
    })),
    ...seedTestimonials.map(({ id, ...data }) => ({
      kind: 'testimonials' as const,
      id,
      state: 'published' as const,
      data,
    })),
    ...seedTeam.map((data, place) => ({
      kind: 'team' as const,
      id: `team-${place}`,
      state: 'published' as const,
      data,
    })),
    ...seedSlides.map((data, place) => ({
      kind: 'slides' as const,
      id: `slide-${place}`,
      state: 'published' as const,
      data,
    })),
    ...seedCards.map((data, place) => ({
      kind: 'cards' as const,
      id: `card-${place}`,
      state: 'published' as const,
      data,
    })),
    ...seedFaqs.map((data, place) => ({
      kind: 'faqs' as const,
      id: `faq-${place}`,
      state: 'published' as const,
      data,
    })),
  ])
}
