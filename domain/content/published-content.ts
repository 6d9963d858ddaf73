import type { Locale } from '../locales'
import { type AreaId, type ServiceId, serviceById } from '../services/service-table'
import type { ContentKind, ContentState } from './content-kinds'
import type { CaseStudyData, TestimonialData } from './content-schemas'

/**
 * What the public pages show of the site's content: the published case studies and
 * testimonials, nothing of drafts, revisions or who edited what. The pages are rendered from
 * it (the build from the seed, `seed-published-content.ts`; the server, later, from the database's
 * published items), the page carries it for hydration, and `GET /api/v1/work` answers it for
 * client-side navigation (docs/decisions/060).
 */

/** A text in both languages, as the content stores it. */
export type Bilingual = { readonly en: string; readonly es: string }

export type PublishedTestimonial = {
  readonly id: string
  readonly quote: Bilingual
  readonly person: string
  readonly role: Bilingual
  readonly company: string
  /** The published case study it belongs to, if any. */
  readonly caseStudyId: string | null
}

export type PublishedResult = { readonly figure: string; readonly label: Bilingual }

export type PublishedCaseStudy = {
  readonly id: string
  readonly client: string
  readonly sector: Bilingual
  /** The services used, the first one the page's call to action asks for. */
  readonly services: readonly ServiceId[]
  readonly situation: Bilingual
  readonly constraint: Bilingual
  readonly approach: Bilingual
  readonly outcome: Bilingual
  readonly results: readonly PublishedResult[]
  readonly featured: boolean
  /** `/work/<en>`, `/trabajos/<es>`. */
  readonly slug: Bilingual
  /** Its testimonial when that one is published (with the client's consent), else null. */
  readonly testimonial: PublishedTestimonial | null
}

export type PublishedContent = {
  /** Featured ones first, otherwise in the content's order. */
  readonly caseStudies: readonly PublishedCaseStudy[]
  /** Published testimonials with the client's consent, in the content's order. */
  readonly testimonials: readonly PublishedTestimonial[]
}

/** What the snapshot reads of a content item (the store's rows and the seed both have it). */
export type ContentSource =
  | {
      readonly kind: 'case-studies'
      readonly id: string
      readonly state: ContentState
      readonly data: CaseStudyData
    }
  | {
      readonly kind: 'testimonials'
      readonly id: string
      readonly state: ContentState
      readonly data: TestimonialData
    }
  | { readonly kind: Exclude<ContentKind, 'case-studies' | 'testimonials'>; readonly id: string }

/**
 * The public snapshot of `items` (any kinds, in the order the site lists them): drafts are left
 * out, a testimonial without a consent date is never shown, and a link to an item that is not
 * published is dropped (a testimonial of a draft case study stands on its own).
 */
export function publishedContentOf(items: readonly ContentSource[]): PublishedContent {
  const published = <K extends 'case-studies' | 'testimonials'>(kind: K) =>
    items.filter(
      (item): item is Extract<ContentSource, { kind: K }> =>
        item.kind === kind && 'state' in item && item.state === 'published',
    )
  const caseStudyIds = new Set(published('case-studies').map((item) => item.id))
  const testimonials: PublishedTestimonial[] = published('testimonials')
    .filter(({ data }) => data.consentDate !== '')
    .map(({ id, data }) => ({
      id,
      quote: data.quote,
      person: data.person,
      role: data.role,
      company: data.company,
      caseStudyId:
        data.caseStudyId !== null && caseStudyIds.has(data.caseStudyId) ? data.caseStudyId : null,
    }))
  const testimonialById = new Map(testimonials.map((t) => [t.id, t]))
  const caseStudies: PublishedCaseStudy[] = published('case-studies').map(({ id, data }) => ({
    id,
    client: data.client,
    sector: data.sector,
    services: data.services,
    situation: data.situation,
    constraint: data.constraint,
    approach: data.approach,
    outcome: data.outcome,
    results: data.results,
    featured: data.featured,
    slug: data.slug,
    testimonial:
      (data.testimonialId !== null && testimonialById.get(data.testimonialId)) ||
      testimonials.find((t) => t.caseStudyId === id) ||
      null,
  }))
  // A stable sort: featured first, each group in the content's order.
  caseStudies.sort((a, b) => Number(b.featured) - Number(a.featured))
  return { caseStudies, testimonials }
}

/** The service areas a case study's services belong to, in the table's order of first use. */
export function areasOf(caseStudy: PublishedCaseStudy): AreaId[] {
  return [...new Set(caseStudy.services.map((id) => serviceById(id).area))]
}

/** The case studies that used any service of `area` (all of them without an area). */
export function caseStudiesInArea(
  content: PublishedContent,
  area: AreaId | undefined,
): readonly PublishedCaseStudy[] {
  return area
    ? content.caseStudies.filter((caseStudy) => areasOf(caseStudy).includes(area))
    : content.caseStudies
}

/** The case studies that used `service`. */
export function caseStudiesOfService(
  content: PublishedContent,
  service: ServiceId,
): readonly PublishedCaseStudy[] {
  return content.caseStudies.filter((caseStudy) => caseStudy.services.includes(service))
}

/** The testimonials of the case studies that used `service` (their pages quote them). */
export function testimonialsOfService(
  content: PublishedContent,
  service: ServiceId,
): readonly PublishedTestimonial[] {
  return caseStudiesOfService(content, service).flatMap((caseStudy) =>
    caseStudy.testimonial ? [caseStudy.testimonial] : [],
  )
}

/**
 * The home page's testimonials: up to `count`, those of featured case studies first, then the
 * rest in the content's order.
 */
export function homeTestimonials(
  content: PublishedContent,
  count = 3,
): readonly PublishedTestimonial[] {
  const ofCaseStudies = content.caseStudies.flatMap((c) => (c.testimonial ? [c.testimonial] : []))
  const rest = content.testimonials.filter((t) => !ofCaseStudies.includes(t))
  return [...ofCaseStudies, ...rest].slice(0, count)
}

/** The case study at `slug` in `locale`, if published. */
export function caseStudyBySlug(
  content: PublishedContent,
  locale: Locale,
  slug: string,
): PublishedCaseStudy | undefined {
  return content.caseStudies.find((caseStudy) => caseStudy.slug[locale] === slug)
}
