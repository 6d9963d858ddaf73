import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from '../config'
import { databaseUrlOf } from '../test/server-process'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { type Database, openDatabase } from './database'

const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

/**
 * DATABASE_LISTEN_URL (README, "PgBouncer"): behind a pooler in transaction mode, what needs a
 * whole session — the live events' LISTEN, the migrations' advisory lock — connects there.
 */
describe('the session connection', () => {
  let database: TestDatabase | undefined
  const opened: Database[] = []
  afterAll(async () => {
    for (const one of opened) await one.close()
    await database?.drop()
  })

  /** The same database, its connections named `name` (what pg_stat_activity shows). */
  const named = (name: string) => {
    const url = new URL(databaseUrlOf(database?.connection ?? {}))
    url.searchParams.set('application_name', name)
    return url.toString()
  }

  async function applicationOf(client: {
    query: (sql: string) => Promise<{ rows: Array<{ name: string }> }>
  }) {
    return (await client.query(`SELECT current_setting('application_name') AS name`)).rows[0]?.name
  }

  it('goes to DATABASE_LISTEN_URL when it is set, and the requests to DATABASE_URL', async () => {
    database = await createTestDatabase(embedded, 1)
    const split = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: named('agency-pool'),
      listenUrl: named('agency-listen'),
      log: () => {},
    })
    opened.push(split)
    expect(await applicationOf(split.pool)).toBe('agency-pool')
    const session = split.connectSession()
    await session.connect()
    try {
      expect(await applicationOf(session)).toBe('agency-listen')
    } finally {
      await session.end()
    }

    const together = await openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: named('agency-pool'),
      log: () => {},
    })
    opened.push(together)
    const same = together.connectSession()
    await same.connect()
    try {
      expect(await applicationOf(same)).toBe('agency-pool')
    } finally {
      await same.end()
    }
  })

  it('is a setting that goes with DATABASE_URL', () => {
    const url = 'postgres://agency:secret@db:5432/agency'
    const listen = 'postgres://agency:secret@db-direct:5432/agency'
    const env = { TOTP_ENCRYPTION_KEY: '07'.repeat(32) }
    expect(
      readConfig({ ...env, DATABASE_URL: url, DATABASE_LISTEN_URL: listen }, { clientDir: '/c' })
        .databaseListenUrl,
    ).toBe(listen)
    expect(readConfig({ ...env, DATABASE_URL: url }, { clientDir: '/c' }).databaseListenUrl).toBe(
      undefined,
    )
    expect(() => readConfig({ DATABASE_LISTEN_URL: listen }, { clientDir: '/c' })).toThrow(
      ConfigError,
    )
  })
})
