import { createHash, randomBytes } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg, { type PoolConfig } from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { createPool, type Db, migrateDatabase } from '../db/database'
import { type Migration, migrate, migrations } from '../db/migrate'
import * as schema from '../db/schema'
import { type DatabaseTimeouts, requestTimeouts } from '../db/timeouts'

/**
 * Where the server tests run: always the embedded PostgreSQL (started once by
 * server/test/global-setup.ts), and also an external one when TEST_DATABASE_URL is set — CI
 * points it at Debian's PostgreSQL. Never DATABASE_URL: that names a database
 * someone uses, and the tests create and drop databases on the server they are given.
 */
export type Backend = { readonly name: string; readonly admin: PoolConfig }

export function testBackends(): Backend[] {
  const backends: Backend[] = [
    { name: 'embedded PostgreSQL', admin: { ...inject('embeddedPostgres'), database: 'postgres' } },
  ]
  const external = process.env.TEST_DATABASE_URL
  if (external)
    backends.push({
      name: 'PostgreSQL from TEST_DATABASE_URL',
      admin: { connectionString: external },
    })
  return backends
}

export type TestDatabase = {
  readonly pool: pg.Pool
  readonly db: Db
  readonly name: string
  /** Connection settings of the throw-away database (for extra pools or clients). */
  readonly connection: PoolConfig
  drop(): Promise<void>
}

/**
 * A new, migrated database with a random name; `drop()` removes it. `upTo` stops the migrations
 * before the one whose tag ends with it (a data migration's test fills the rows it moves).
 */
export async function createTestDatabase(
  backend: Backend,
  poolSize = 10,
  upTo?: { readonly before: string; readonly all: readonly Migration[] },
  /** The requests' bounds on the database: production's unless a test needs others. */
  timeouts: DatabaseTimeouts = requestTimeouts,
): Promise<TestDatabase> {
  const name = `agency_test_${randomBytes(6).toString('hex')}`
  // Fully migrated: a copy of the backend's migrated template (seconds less per database than
  // migrating it again); part-way: migrated here, as far as asked.
  const template = upTo ? undefined : await migratedTemplate(backend)
  const admin = new pg.Client(backend.admin)
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  } finally {
    await admin.end()
  }
  const connection = databaseConnection(backend, name)
  // As in production: migrations on a connection of their own, requests under the timeouts.
  if (upTo) {
    const stop = upTo.all.findIndex((migration) => migration.tag.endsWith(upTo.before))
    if (stop < 0) throw new Error(`No migration ends with ${upTo.before}`)
    const early = createPool(connection, 1)
    await migrate(early, upTo.all.slice(0, stop)).finally(() => early.end())
  }
  const pool = createPool(connection, poolSize, undefined, timeouts)
  return {
    pool,
    db: drizzle({ client: pool, schema }),
    name,
    connection,
    async drop() {
      if (!pool.ending) await pool.end()
      const client = new pg.Client(backend.admin)
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

function databaseConnection(backend: Backend, name: string): PoolConfig {
  return backend.admin.connectionString
    ? { connectionString: withDatabase(backend.admin.connectionString, name) }
    : { ...backend.admin, database: name }
}

/**
 * The backend's database migrated with every migration of this tree, named after their
 * contents (so a server kept between runs, TEST_DATABASE_URL's, never hands out a template of
 * other migrations): made once, by the first worker that needs it, under an advisory lock;
 * every test database is a `CREATE DATABASE … TEMPLATE` copy of it. Nobody connects to it
 * after it is made (a copy needs its template unused). One per backend and process at most:
 * the promise is kept.
 */
function migratedTemplate(backend: Backend): Promise<string> {
  let made = templates.get(backend.name)
  if (!made) {
    made = makeTemplate(backend)
    made.catch(() => templates.delete(backend.name))
    templates.set(backend.name, made)
  }
  return made
}

const templates = new Map<string, Promise<string>>()

const templateName = `agency_template_${createHash('sha256')
  .update(JSON.stringify(migrations))
  .digest('hex')
  .slice(0, 16)}`

/** Arbitrary, fixed: the lock the workers of a run (and of parallel runs) make the template under. */
const templateLockKey = 7_246_001_045

async function makeTemplate(backend: Backend): Promise<string> {
  const admin = new pg.Client(backend.admin)
  await admin.connect()
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [templateLockKey])
    const present = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      templateName,
    ])
    if (present.rowCount === 0) {
      // Migrated under another name, renamed when complete: a template is never half-made.
      const draft = `agency_draft_${randomBytes(6).toString('hex')}`
      await admin.query(`CREATE DATABASE ${draft}`)
      try {
        await migrateDatabase(databaseConnection(backend, draft))
        await admin.query(`ALTER DATABASE ${draft} RENAME TO ${templateName}`)
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${draft} WITH (FORCE)`)
        throw error
      }
    }
    return templateName
  } finally {
    await admin.end()
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A test database for a `describe` block: created before its tests, dropped after them. */
export function useTestDatabase(backend: Backend, poolSize?: number): TestDatabase {
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = await createTestDatabase(backend, poolSize)
  })
  afterAll(async () => {
    await database?.drop()
  })
  return startedLater(() => database, 'test database')
}

/** A view of what `beforeAll` starts, for the tests of a block (an error before it has). */
export function startedLater<T extends object>(current: () => T | undefined, name: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const started = current()
      if (!started) throw new Error(`The ${name} starts in beforeAll: read it inside a test`)
      return Reflect.get(started, key)
    },
  })
}

/** A test database's connection as a DATABASE_URL (what `npm start` is given). */
export function connectionUrl(connection: PoolConfig): string {
  if (connection.connectionString) return connection.connectionString
  const { user = '', password = '', host = '', port = 5432, database = '' } = connection
  const secret = typeof password === 'string' ? password : ''
  const credentials = `${encodeURIComponent(user)}:${encodeURIComponent(secret)}`
  // The embedded server listens on a Unix socket: its directory goes in the `host` parameter.
  return host.startsWith('/')
    ? `postgres://${credentials}@/${database}?host=${encodeURIComponent(host)}&port=${port}`
    : `postgres://${credentials}@${host}:${port}/${database}`
}
