import pg from 'pg'
import { describe, expect, it } from 'vitest'
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
})
