import { createHash } from 'node:crypto'
import type { Pool } from 'pg'
import journal from './migrations/meta/_journal.json'

/**
 * Applies the SQL migrations drizzle-kit generated (./migrations), bundled into the build so
 * the server needs no migration folder at run time. Same bookkeeping as drizzle-orm's own
 * migrator (table drizzle.__drizzle_migrations, one row per applied file), so `drizzle-kit`
 * and this runner agree about what is applied.
 */

const sqlFiles = import.meta.glob<string>('./migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Arbitrary, fixed: every instance of this app takes the same session-level advisory lock. */
export const migrationLockKey = 7_246_001_005

export type Migration = { readonly tag: string; readonly when: number; readonly sql: string }

export const migrations: readonly Migration[] = journal.entries.map((entry) => {
  const text = sqlFiles[`./migrations/${entry.tag}.sql`]
  if (text === undefined) throw new Error(`Migration file ${entry.tag}.sql is missing`)
  return { tag: entry.tag, when: entry.when, sql: text }
})

/**
 * How many of `all` the database has not applied yet (none applied at all: every one). Read
 * without the lock: an answer for /readyz, which a migration under way makes pending a moment
 * longer at most.
 */
export async function pendingMigrations(
  pool: Pool,
  all: readonly Migration[] = migrations,
): Promise<number> {
  const table = await pool.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  )
  if (!table.rows[0]?.present) return all.length
  const last = await pool.query<{ created_at: string | null }>(
    'SELECT max(created_at) AS created_at FROM drizzle.__drizzle_migrations',
  )
  const lastAppliedAt = last.rows[0]?.created_at
  if (lastAppliedAt === null || lastAppliedAt === undefined) return all.length
  return all.filter((migration) => migration.when > Number(lastAppliedAt)).length
}

/**
 * Runs the pending migrations in one transaction while holding `pg_advisory_lock`: when several
 * instances start at once, one migrates and the others wait, then find nothing left to do.
 * Returns the tags it applied.
 */
export async function migrate(
  pool: Pool,
  all: readonly Migration[] = migrations,
): Promise<string[]> {
  const client = await pool.connect()
  let failed: Error | undefined
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey])
    try {
      await client.query('CREATE SCHEMA IF NOT EXISTS drizzle')
      await client.query(
        'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
      )
      const last = await client.query<{ created_at: string }>(
        'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
      )
      const lastAppliedAt = last.rows[0]
        ? Number(last.rows[0].created_at)
        : Number.NEGATIVE_INFINITY
      const pending = all.filter((migration) => migration.when > lastAppliedAt)
      if (pending.length === 0) return []
      await client.query('BEGIN')
      try {
        for (const migration of pending) {
          for (const statement of migration.sql.split('--> statement-breakpoint')) {
            if (statement.trim() !== '') await client.query(statement)
          }
          await client.query(
            'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
            [createHash('sha256').update(migration.sql).digest('hex'), migration.when],
          )
        }
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
      return pending.map((migration) => migration.tag)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey])
    }
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error))
    throw error
  } finally {
    // A connection that saw an error is discarded (its session state is unknown).
    client.release(failed)
  }
}
