import type { Locale } from '../locales'
import { type AreaId, areaIds, type ServiceId, serviceById } from '../services/service-table'
import type { ContentKind, ContentState } from './content-kinds'
import type {
  CardData,
  CaseStudyData,
  FaqData,
  SlideData,
  TeamMemberData,
  TestimonialData,
} from './content-schemas'

/**
 * What the public pages show of the site's content: the published case studies and
 * testimonials, the team on /about, the home page's slides and cards and each service area's
 * questions,
 * nothing of drafts, revisions or who edited what. The pages are rendered from
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

/** An image built into the site (`asset`, until uploads come) and its description. */
export type PublishedImage = { readonly asset: string; readonly alt: Bilingual }

/**
 * A person on /about. Team members, cards and questions carry no id: the pages key them by
 * their place, and the build's seed and a database seeded from it then give the same snapshot
 * (a publish compares snapshots to find the pages it touches).
 */
export type PublishedTeamMember = {
  readonly name: string
  readonly role: Bilingual
  readonly bio: Bilingual
  readonly image: PublishedImage
}

/** A slide of the home page's slideshow. */
export type PublishedSlide = {
  readonly image: PublishedImage
  readonly subtitle: Bilingual
  readonly title: Bilingual
  readonly paragraph: Bilingual
  readonly buttonText: Bilingual
  /** A page of the site (or another site) per language: a slide may lead to a different page in each. */
  readonly buttonLink: Bilingual
}

/** A card on the home page: its badge is empty in both languages when it has none. */
export type PublishedCard = {
  readonly image: PublishedImage
  readonly badgeIcon: CardData['badgeIcon']
  readonly badge: Bilingual
  readonly title: Bilingual
  readonly description: Bilingual
  readonly buttonText: Bilingual
  /** A page of the site (or another site) per language. */
  readonly link: Bilingual
}

/** A question of a service area, shown on every service page of the area. */
export type PublishedFaq = {
  readonly area: AreaId
  readonly question: Bilingual
  readonly answer: Bilingual
}

export type PublishedContent = {
  /** Featured ones first, otherwise in the content's order. */
  readonly caseStudies: readonly PublishedCaseStudy[]
  /** Published testimonials with the client's consent, in the content's order. */
  readonly testimonials: readonly PublishedTestimonial[]
  /** By their order. */
  readonly team: readonly PublishedTeamMember[]
  /** The home page's slideshow, by their order. */
  readonly slides: readonly PublishedSlide[]
  /** By their order. */
  readonly cards: readonly PublishedCard[]
  /** By area (the service table's order), then by their order. */
  readonly faqs: readonly PublishedFaq[]
  /**
   * The agency's WhatsApp number (digits, international), null when AGENCY_WHATSAPP is not
   * set: not content the agency edits but a setting the pages are rendered with, kept in the
   * snapshot so that a change of it renders the pages that show it again (`pagesTouched`).
   */
  readonly whatsapp: string | null
}

/** The settings the pages are rendered with besides the content. */
export type SiteFacts = { readonly whatsapp: string | null }

export const noSiteFacts: SiteFacts = { whatsapp: null }

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
  | {
      readonly kind: 'team'
      readonly id: string
      readonly state: ContentState
      readonly data: TeamMemberData
    }
  | {
      readonly kind: 'slides'
      readonly id: string
      readonly state: ContentState
      readonly data: SlideData
    }
  | {
      readonly kind: 'cards'
      readonly id: string
      readonly state: ContentState
      readonly data: CardData
    }
  | {
      readonly kind: 'faqs'
      readonly id: string
      readonly state: ContentState
      readonly data: FaqData
    }

/** The kinds the public pages show: every kind the agency edits. */
export const kindsOnPages = [
  'case-studies',
  'testimonials',
  'team',
  'slides',
  'cards',
  'faqs',
] as const satisfies readonly ContentKind[]
type PagesKind = (typeof kindsOnPages)[number]

/**
 * The public snapshot of `items` (any kinds, in the order the site lists them): drafts are left
 * out, a testimonial without a consent date is never shown, and a link to an item that is not
 * published is dropped (a testimonial of a draft case study stands on its own).
 */
export function publishedContentOf(
  items: readonly ContentSource[],
  facts: SiteFacts = noSiteFacts,
): PublishedContent {
  const published = <K extends PagesKind>(kind: K) =>
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
    // Written key by key: the database's JSON orders an object's keys its own way, and a
    // publish compares snapshots as JSON text.
    results: data.results.map(({ figure, label }) => ({ figure, label })),
    featured: data.featured,
    slug: data.slug,
    testimonial:
      (data.testimonialId !== null && testimonialById.get(data.testimonialId)) ||
      testimonials.find((t) => t.caseStudyId === id) ||
      null,
  }))
  // A stable sort: featured first, each group in the content's order.
  caseStudies.sort((a, b) => Number(b.featured) - Number(a.featured))
  const team = byOrder(published('team')).map(({ data }) => ({
    name: data.name,
    role: data.role,
    bio: data.bio,
    image: imageOf(data.image),
  }))
  const slides = byOrder(published('slides')).map(({ data }) => ({
    image: imageOf(data.image),
    subtitle: data.subtitle,
    title: data.title,
    paragraph: data.paragraph,
    buttonText: data.buttonText,
    buttonLink: data.buttonLink,
  }))
  const cards = byOrder(published('cards')).map(({ data }) => ({
    image: imageOf(data.image),
    badgeIcon: data.badgeIcon,
    badge: data.badge,
    title: data.title,
    description: data.description,
    buttonText: data.buttonText,
    link: data.link,
  }))
  const faqs = byOrder(published('faqs'))
    .sort((a, b) => areaIds.indexOf(a.data.area) - areaIds.indexOf(b.data.area))
    .map(({ data }) => ({ area: data.area, question: data.question, answer: data.answer }))
  return { caseStudies, testimonials, team, slides, cards, faqs, whatsapp: facts.whatsapp }
}

/** A stable sort by the items' `order`, ties in the content's order. */
const byOrder = <T extends { readonly data: { readonly order: number } }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.data.order - b.data.order)

const imageOf = (image: { readonly asset: string; readonly alt: Bilingual }): PublishedImage => ({
  asset: image.asset,
  alt: image.alt,
})

/** A service area's questions, in their order. */
export function faqsOfArea(content: PublishedContent, area: AreaId): readonly PublishedFaq[] {
  return content.faqs.filter((faq) => faq.area === area)
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
