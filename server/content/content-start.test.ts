import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { silentLogger } from '../log/logger'
import { type Services, startServices } from '../services'
import {
  connectionUrl,
  createTestDatabase,
  type TestDatabase,
  testBackends,
} from '../test/test-database'

/** 3 case studies, 4 testimonials, 5 team members, 3 slides, 4 cards, 15 FAQs. */
const seededItems = 34

describe.each(testBackends())('the site content seed at start, on $name', (backend) => {
  let database: TestDatabase
  const dirs: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase(backend)
  })
  afterAll(async () => {
    await database?.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  /** The services of one instance as `npm start` starts them, on the shared database. */
  async function start(): Promise<Services> {
    const dataDir = mkdtempSync(join(tmpdir(), 'agency-content-start-'))
    dirs.push(dataDir)
    const config = readConfig(
      {
        DATABASE_URL: connectionUrl(database.connection),
        DATA_DIR: dataDir,
        TOTP_ENCRYPTION_KEY: '07'.repeat(32),
      },
      { clientDir: dataDir },
    )
    return startServices(config, silentLogger)
  }

  const count = async () =>
    (
      await database.pool.query<{ items: number; seeds: number }>(
        `SELECT (SELECT count(*)::int FROM content_items) AS items,
                (SELECT count(*)::int FROM content_seeds) AS seeds`,
      )
    ).rows[0]

  it('inserts the seed once: two instances starting together, then a restart; a deleted item stays deleted', async () => {
    expect(await count()).toEqual({ items: 0, seeds: 0 })
    const both = await Promise.all([start(), start()])
    await Promise.all(both.map((services) => services.close()))
    expect(await count()).toEqual({ items: seededItems, seeds: 1 })

    await database.pool.query(
      "DELETE FROM content_items WHERE id = (SELECT id FROM content_items WHERE kind = 'faqs' LIMIT 1)",
    )
    await (await start()).close()
    expect(await count()).toEqual({ items: seededItems - 1, seeds: 1 })
  })
})
