import { describe, expect, it } from 'vitest'
import { seedPublishedContent } from '../../domain/content/seed/seed-published-content'
import { seedContent } from '../content/content-seed'
import { testBackends, useTestDatabase } from '../test/test-database'
import { publishedContentIn } from './published-snapshot'

/**
 * The build renders the pages from the seed without a database; a fresh database is seeded from
 * the same files. A publish compares the database's snapshot with the one the pages were
 * rendered from: equal, byte for byte as JSON, nothing is rendered again at the first start.
 */
describe.each(testBackends())('the published content of a seeded database, on $name', (backend) => {
  const database = useTestDatabase(backend)

  it("is the build's seed snapshot (case studies, testimonials, team, slides, cards, questions)", async () => {
    expect(await seedContent(database.pool)).toBe(true)
    const stored = await publishedContentIn(database.pool)
    expect(stored.team).toHaveLength(5)
    expect(stored.slides).toHaveLength(3)
    expect(stored.cards).toHaveLength(4)
    expect(stored.faqs).toHaveLength(15)
    expect(JSON.stringify(stored)).toBe(JSON.stringify(seedPublishedContent()))
  })
})
