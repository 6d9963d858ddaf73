import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { migrations } from '../db/migrate'
import { createTestDatabase, testBackends } from './test-database'

// Each server test file drops its database at the end with `DROP DATABASE … WITH (FORCE)`,
// which ends whatever is still connected to it — an autovacuum worker or another role's
// process included. Without the right to end other roles' processes the drop fails in the
// clean-up and fails a run that had passed: checked here once, with what to grant.

async function ask<T>(config: pg.ClientConfig, sql: string): Promise<T[]> {
  const client = new pg.Client(config)
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

describe.each(testBackends())('a test database’s clean-up on $name', (backend) => {
  it('the role may end other roles’ connections, as the forced drop needs', async () => {
    const [role] = await ask<{ may: boolean }>(
      backend.admin,
      `SELECT rolsuper OR pg_has_role(current_user, 'pg_signal_backend', 'member') AS may
       FROM pg_roles WHERE rolname = current_user`,
    )
    expect(
      role?.may,
      'GRANT pg_signal_backend TO the role of TEST_DATABASE_URL (as .ci/run does)',
    ).toBe(true)
  })

  it('drops its database while a connection is still open on it, in a transaction', async () => {
    const database = await createTestDatabase(backend, 1)
    const straggler = new pg.Client(database.connection)
    straggler.on('error', () => {})
    await straggler.connect()
    await straggler.query('BEGIN')
    await straggler.query('SELECT count(*) FROM users')

    await database.drop()

    const left = await ask<{ datname: string }>(
      backend.admin,
      `SELECT datname FROM pg_database WHERE datname = '${database.name}'`,
    )
    expect(left).toEqual([])
    await expect(straggler.query('SELECT 1')).rejects.toThrow()
    await straggler.end().catch(() => {})
  })

  it('is a copy of one migrated template, not migrated again, and holds nothing of the database before it', async () => {
    const first = await createTestDatabase(backend, 1)
    const second = await createTestDatabase(backend, 1)
    try {
      await first.pool.query('CREATE TABLE left_behind (id int)')
      await first.pool.query('INSERT INTO left_behind VALUES (1)')
      const third = await createTestDatabase(backend, 1)
      try {
        // A copy keeps its template's catalog: the same table, the same object id. Migrated
        // afresh, each database's tables would get new ones.
        const tableIds = await Promise.all(
          [first, second, third].map(async ({ pool }) => {
            const { rows } = await pool.query<{ id: string }>(`SELECT 'users'::regclass::oid AS id`)
            return rows[0]?.id
          }),
        )
        expect(new Set(tableIds).size).toBe(1)
        for (const { pool } of [second, third]) {
          const { rows } = await pool.query<{ table: string | null }>(
            `SELECT to_regclass('left_behind')::text AS table`,
          )
          expect(rows[0]?.table).toBeNull()
        }
        const applied = await third.pool.query('SELECT 1 FROM drizzle.__drizzle_migrations')
        expect(applied.rowCount).toBe(migrations.length)
      } finally {
        await third.drop()
      }
    } finally {
      await Promise.all([first.drop(), second.drop()])
    }
  })
})
