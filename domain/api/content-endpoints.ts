import type { ContentKind, ContentState, RevisionAction } from '../content/content-kinds'
import type {
  ContentDataOf,
  ContentEditInput,
  ContentInput,
  VersionInput,
} from '../content/content-schemas'
import { apiPrefix, endpoint } from './endpoint'

/**
 * The site's content, edited by the agency under `/api/v1/admin/content/<kind>`: case studies,
 * testimonials, the team, the home page's slides and cards, and each service area's FAQs. Every
 * kind has the same nine endpoints (list, create, read, edit, delete, publish, unpublish,
 * revisions, restore), behind the admin's gate and second factor; changes also pass the JSON
 * gate (XSRF). Each change names the `version` it was made from: a stale one answers 409
 * `conflict` with `currentVersion`, never a silent overwrite. Every change writes a revision
 * (who and when). Publishing needs every text in both languages: otherwise 400
 * `invalid_fields`, one field per missing text and language (`title.es`), and a message
 * listing them. docs/decisions/059.
 */

/** Who saved a revision (null once their account is deleted). */
export type ContentAuthor = { readonly id: string; readonly email: string }

export type ContentItem<K extends ContentKind = ContentKind> = {
  readonly id: string
  readonly kind: K
  readonly state: ContentState
  /** 1 when created; every change adds one. A change names the version it was made from. */
  readonly version: number
  readonly data: ContentDataOf[K]
  readonly createdAt: string
  readonly updatedAt: string
  readonly updatedBy: ContentAuthor | null
  /** When it was last published; null while it never was (or since it was unpublished). */
  readonly publishedAt: string | null
}

/** One saved state of an item: its number is the item's version that change made. */
export type ContentRevision<K extends ContentKind = ContentKind> = {
  readonly id: string
  readonly number: number
  readonly action: RevisionAction
  readonly state: ContentState
  readonly data: ContentDataOf[K]
  readonly author: ContentAuthor | null
  readonly createdAt: string
  /** The revision a restore brought back (null for other changes). */
  readonly restoredFrom: number | null
}

export type ContentItemsBody<K extends ContentKind> = {
  readonly success: true
  readonly items: readonly ContentItem<K>[]
}
export type ContentItemBody<K extends ContentKind> = {
  readonly success: true
  readonly message: string
  readonly item: ContentItem<K>
}
export type ContentRevisionsBody<K extends ContentKind> = {
  readonly success: true
  /** Newest first. */
  readonly revisions: readonly ContentRevision<K>[]
}

const gate = ['unauthenticated', 'forbidden', 'mfa_required'] as const
const change = [...gate, 'invalid_fields', 'not_found', 'conflict'] as const

/** The nine endpoints of one kind. */
function contentActions<K extends ContentKind>(kind: K) {
  const base = `${apiPrefix}/admin/content/${kind}` as const
  const item = `${base}/:id` as const
  return {
    /** Every item of the kind, drafts included, in the order the site shows them. */
    List: endpoint<never, ContentItemsBody<K>>()({
      method: 'GET',
      path: base,
      status: 200,
      failures: [...gate],
    }),
    /** A new draft (version 1). */
    Create: endpoint<ContentInput<K>, ContentItemBody<K>>()({
      method: 'POST',
      path: base,
      status: 201,
      failures: [...gate, 'invalid_fields'],
    }),
    Read: endpoint<never, ContentItemBody<K>>()({
      method: 'GET',
      path: item,
      status: 200,
      failures: [...gate, 'not_found'],
    }),
    /** Replaces the fields; a published item stays published only if they are complete. */
    Edit: endpoint<ContentEditInput<K>, ContentItemBody<K>>()({
      method: 'PATCH',
      path: item,
      status: 200,
      failures: [...change],
    }),
    /** Removes the item and its revisions. */
    Delete: endpoint<VersionInput>()({
      method: 'DELETE',
      path: item,
      status: 200,
      failures: [...change],
    }),
    Publish: endpoint<VersionInput, ContentItemBody<K>>()({
      method: 'POST',
      path: `${item}/publish`,
      status: 200,
      failures: [...change],
    }),
    /** Back to a draft: the public pages stop showing it. */
    Unpublish: endpoint<VersionInput, ContentItemBody<K>>()({
      method: 'POST',
      path: `${item}/unpublish`,
      status: 200,
      failures: [...change],
    }),
    Revisions: endpoint<never, ContentRevisionsBody<K>>()({
      method: 'GET',
      path: `${item}/revisions`,
      status: 200,
      failures: [...gate, 'not_found'],
    }),
    /** The revision's fields become the item's, as a new revision; the state stays. */
    Restore: endpoint<VersionInput, ContentItemBody<K>>()({
      method: 'POST',
      path: `${item}/revisions/:revisionId/restore`,
      status: 200,
      failures: [...change],
    }),
  }
}

/** The nine endpoints' names within a kind. */
export const contentActionNames = [
  'List',
  'Create',
  'Read',
  'Edit',
  'Delete',
  'Publish',
  'Unpublish',
  'Revisions',
  'Restore',
] as const satisfies readonly (keyof ReturnType<typeof contentActions>)[]
export type ContentAction = (typeof contentActionNames)[number]

type Prefixed<N extends string, T> = { readonly [A in keyof T as `${N}${A & string}`]: T[A] }

function prefixed<N extends string, T extends object>(name: N, actions: T): Prefixed<N, T> {
  return Object.fromEntries(
    Object.entries(actions).map(([action, route]) => [`${name}${action}`, route]),
  ) as Prefixed<N, T>
}

/** Each kind's name in the contract (`contentCaseStudiesPublish`, …). */
export const contentEndpointNames = {
  'case-studies': 'contentCaseStudies',
  testimonials: 'contentTestimonials',
  team: 'contentTeam',
  slides: 'contentSlides',
  cards: 'contentCards',
  faqs: 'contentFaqs',
} as const satisfies Record<ContentKind, string>

export const contentEndpoints = {
  ...prefixed(contentEndpointNames['case-studies'], contentActions('case-studies')),
  ...prefixed(contentEndpointNames.testimonials, contentActions('testimonials')),
  ...prefixed(contentEndpointNames.team, contentActions('team')),
  ...prefixed(contentEndpointNames.slides, contentActions('slides')),
  ...prefixed(contentEndpointNames.cards, contentActions('cards')),
  ...prefixed(contentEndpointNames.faqs, contentActions('faqs')),
}

type KindName = (typeof contentEndpointNames)[ContentKind]
/** A kind's endpoint in the contract: `contentCaseStudiesPublish`, … */
export type ContentEndpointName<A extends ContentAction = ContentAction> = `${KindName}${A}`

/** `actions`' endpoints of every kind, as a set (`{ contentCardsEdit: true, … }`). */
export function contentEndpointSet<const A extends ContentAction>(
  actions: readonly A[],
): { readonly [Name in ContentEndpointName<A>]: true } {
  return Object.fromEntries(
    Object.values(contentEndpointNames).flatMap((name) =>
      actions.map((action) => [`${name}${action}`, true]),
    ),
  ) as { readonly [Name in ContentEndpointName<A>]: true }
}
