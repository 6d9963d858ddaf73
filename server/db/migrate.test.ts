import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { createPool } from './database'
import { type Migration, migrate, migrations } from './migrate'

describe.each(testBackends())('migrations on $name', (backend) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(backend) // already migrated once
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('bundles the drizzle-kit journal and applies nothing twice', async () => {
    expect(migrations.map((m) => m.tag)).toContain('0000_init')
    expect(await migrate(database.pool)).toEqual([])
    const applied = await database.pool.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    )
    expect(applied.rows[0].n).toBe(migrations.length)
  })

  it('serialises instances starting at once: a new migration is applied exactly once', async () => {
    const extra: Migration = {
      tag: '9999_test_only',
      when: Date.now() + 1000,
      sql: 'CREATE TABLE migration_probe (id int);\n--> statement-breakpoint\nINSERT INTO migration_probe VALUES (1);',
    }
    // Five "instances", each with its own pool, racing to migrate.
    const pools = Array.from({ length: 5 }, () => createPool(database.connection, 2))
    try {
      const results = await Promise.all(pools.map((pool) => migrate(pool, [...migrations, extra])))
      expect(results.filter((applied) => applied.length > 0)).toEqual([['9999_test_only']])
      const rows = await database.pool.query('SELECT count(*)::int AS n FROM migration_probe')
      expect(rows.rows[0].n).toBe(1)
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })

  it('rolls a failing migration back entirely', async () => {
    const broken: Migration = {
      tag: '9999_broken',
      when: Date.now() + 5000,
      sql: 'CREATE TABLE half_done (id int);\n--> statement-breakpoint\nSELECT no_such_function();',
    }
    await expect(migrate(database.pool, [...migrations, broken])).rejects.toThrow(
      /no_such_function/,
    )
    const exists = await database.pool.query("SELECT to_regclass('half_done') AS t")
    expect(exists.rows[0].t).toBeNull()
    // The advisory lock was released with the failure: the next start can migrate.
    expect(await migrate(database.pool)).toEqual([])
  })
})
