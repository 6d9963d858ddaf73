import { type PublishedContent, publishedContentOf } from '../published-content'
import { seedCaseStudies } from './seed-case-studies'
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
  ])
}
