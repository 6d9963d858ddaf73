/**
 * The six kinds of content the agency edits in /admin ("Site content"), each under
 * `/api/v1/admin/content/<kind>`. One engine stores and revises them all
 * (`server/content/content-store.ts`); what differs is each kind's fields
 * (`content-schemas.ts`).
 */
export const contentKinds = [
  'case-studies',
  'testimonials',
  'team',
  'slides',
  'cards',
  'faqs',
] as const
export type ContentKind = (typeof contentKinds)[number]

/** An item is a draft until published, and published in both languages or not at all. */
export const contentStates = ['draft', 'published'] as const
export type ContentState = (typeof contentStates)[number]

/** What made a revision: every save, publish, unpublish or restore writes one. */
export const revisionActions = ['create', 'edit', 'publish', 'unpublish', 'restore'] as const
export type RevisionAction = (typeof revisionActions)[number]
