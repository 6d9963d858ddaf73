import type { Pool } from 'pg'
import type { ContentKind } from '../../domain/content/content-kinds'
import type { ContentData } from '../../domain/content/content-schemas'
import { seedCaseStudies } from '../../domain/content/seed/seed-case-studies'
import { seedTestimonials } from '../../domain/content/seed/seed-testimonials'
import { isUuid } from '../../domain/ids/uuid'
import { inTransaction } from '../db/transaction'
import { insertItem } from './content-store'
import { seedCards } from './seed/seed-cards'
import { seedFaqs } from './seed/seed-faqs'
import { seedSlides } from './seed/seed-slides'
import { seedTeam } from './seed/seed-team'

/**
 * The content the site ships with — today's slides, cards, team and FAQs, three case studies
 * and four testimonials — inserted once per database, published, without an author. The
 * `content_seeds` row is taken in the same transaction: of instances starting together one
 * inserts, the others wait on that row and then find it taken; an item the agency deletes
 * later is never brought back.
 */

export const seedName = 'site-content-1'

const seed: readonly (readonly [
  ContentKind,
  readonly (ContentData & { readonly id?: string })[],
])[] = [
  ['case-studies', seedCaseStudies],
  ['testimonials', seedTestimonials],
  ['team', seedTeam],
  ['slides', seedSlides],
  ['cards', seedCards],
  ['faqs', seedFaqs],
]

/** Inserts the seed unless this database already has it; true when it did. */
export async function seedContent(pool: Pool, now: Date = new Date()): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const taken = await client.query(
      'INSERT INTO content_seeds (name, seeded_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [seedName, now],
    )
    if (taken.rowCount === 0) return false
    for (const [kind, items] of seed)
      for (const { id, ...data } of items)
        await insertItem(
          client,
          { kind, byUserId: null, now },
          data as ContentData,
          'published',
          isUuid(id) ? id : undefined,
        )
    return true
  })
}
