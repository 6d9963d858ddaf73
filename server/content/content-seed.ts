import type { Pool } from 'pg'
import type { ContentKind } from '../../domain/content/content-kinds'
import type { ContentData } from '../../domain/content/content-schemas'
import { seedCards } from '../../domain/content/seed/seed-cards'
import { seedCaseStudies } from '../../domain/content/seed/seed-case-studies'
import { seedFaqs } from '../../domain/content/seed/seed-faqs'
import { seedSlides } from '../../domain/content/seed/seed-slides'
import { seedTeam } from '../../domain/content/seed/seed-team'
import { seedTestimonials } from '../../domain/content/seed/seed-testimonials'
import { isUuid } from '../../domain/ids/uuid'
import { inTransaction } from '../db/transaction'
import { insertItem } from './content-store'

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
    // A millisecond apart, in the files' order: the store lists items of the same order by
    // creation, so the database's published content is the build's seed snapshot exactly (the
    // pages a fresh clone's build rendered are not rendered again at the first publish).
    let place = 0
    for (const [kind, items] of seed)
      for (const { id, ...data } of items)
        await insertItem(
          client,
          { kind, byUserId: null, now: new Date(now.getTime() + place++) },
          data as ContentData,
          'published',
          isUuid(id) ? id : undefined,
        )
    return true
  })
}
