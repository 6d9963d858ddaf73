import type { Pool, PoolClient } from 'pg'
import {
  type ContentSource,
  kindsOnPages,
  noSiteFacts,
  type PublishedContent,
  publishedContentOf,
  type SiteFacts,
} from '../../domain/content/published-content'

/**
 * The published content as the database has it now (docs/decisions/060): the kinds the pages
 * show (case studies, testimonials, team, cards, questions) in the order the store lists them (`listItems`), made into the pages' snapshot by
 * the same `publishedContentOf` the build uses on the seed, with the instance's settings
 * (`facts`: AGENCY_WHATSAPP).
 */
export async function publishedContentIn(
  db: Pool | PoolClient,
  facts: SiteFacts = noSiteFacts,
): Promise<PublishedContent> {
  const { rows } = await db.query<ContentSource>(
    `SELECT id, kind, state, data FROM content_items
     WHERE kind = ANY($1::text[])
     ORDER BY (data->>'order')::int NULLS LAST, created_at, id`,
    [kindsOnPages],
  )
  // Each row's data passed its kind's schema when it was saved, and the kind is the column's.
  return publishedContentOf(rows, facts)
}
