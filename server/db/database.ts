import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg, { type PoolConfig } from 'pg'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres'
import { migrate, pendingMigrations } from './migrate'
import * as schema from './schema'
import { type DatabaseTimeouts, migrationTimeouts, requestTimeouts } from './timeouts'

export type Db = NodePgDatabase<typeof schema>

export type Database = {
  readonly pool: pg.Pool
  readonly db: Db
  /** Where the data lives, for the start-up log (no credentials). */
  readonly description: string
  /** The migrations this start applied (none when MIGRATE_ON_START=false or none were due). */
  readonly applied: readonly string[]
  /** Resolves when the database answers a query; for /healthz. */
  check(): Promise<void>
  /** How many of the build's migrations the database lacks; for /readyz. */
  migrationsPending(): Promise<number>
  /**
   * A new connection of its own for what needs a whole session, the live events' LISTEN: to
   * DATABASE_LISTEN_URL when set, else with the pool's settings.
   */
  connectSession(): pg.Client
  /** Closes the pool, then stops the embedded server if this process started one. */
  close(): Promise<void>
}

export type DatabaseOptions = {
  readonly dataDir: string
  readonly databaseUrl?: string | undefined
  /**
   * DATABASE_LISTEN_URL: where the connections that need a session go (the migrations' lock, the
   * live events' LISTEN) when DATABASE_URL is a pooler in transaction mode (PgBouncer).
   */
  readonly listenUrl?: string | undefined
  readonly poolSize?: number
  readonly log?: (message: string) => void
  /** Where a lost connection is reported (the app's logger at warn level). */
  readonly warn?: (message: string) => void
  /** A request's bounds on the database (production's unless DATABASE_WAIT_MS is set). */
  readonly timeouts?: DatabaseTimeouts
  /** Whether to apply the pending migrations first (MIGRATE_ON_START; default: yes). */
  readonly migrate?: boolean
}

export function createPool(
  connection: PoolConfig | string,
  max = 10,
  warn: (message: string) => void = console.warn,
  timeouts: DatabaseTimeouts = requestTimeouts,
): pg.Pool {
  const config: PoolConfig =
    typeof connection === 'string' ? { connectionString: connection } : connection
  const pool = new pg.Pool({
    ...config,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.queryMs ? { query_timeout: timeouts.queryMs } : {}),
    ...(timeouts.statementMs ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.lockMs ? { lock_timeout: timeouts.lockMs } : {}),
  })
  // An idle connection the server terminates (restart, failover, our own shutdown) must not
  // crash the process: the pool drops it and the next query opens a new one.
  pool.on('error', (error) => {
    // pool.end() resolves before the sockets have closed: terminations while ending are expected.
    if (!pool.ending) warn(`PostgreSQL connection lost: ${error.message}`)
  })
  // A query that timed out on the client is still pending on its connection: if that happened
  // inside a transaction (BEGIN … a statement that timed out, then a ROLLBACK that timed out
  // too), the connection would come back to the pool with the transaction open once the server
  // resumes, and the next request's statements would run in it and never commit, though
  // acknowledged. A connection handed back inside a transaction is closed instead (ending it
  // here makes the pool discard it rather than keep it).
  pool.on('release', (error, client) => {
    const status = client.getTransactionStatus()
    if (!error && (status === 'T' || status === 'E')) {
      warn('PostgreSQL connection returned inside a transaction: closed, not reused')
      void client.end().catch(() => {})
    }
  })
  return pool
}

/** Applies the pending migrations over a connection of their own (see `migrationTimeouts`). */
export async function migrateDatabase(
  connection: PoolConfig | string,
  warn: (message: string) => void = console.warn,
): Promise<string[]> {
  const pool = createPool(connection, 1, warn, migrationTimeouts)
  try {
    return await migrate(pool)
  } finally {
    await pool.end()
  }
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`
  } catch {
    return 'PostgreSQL (DATABASE_URL)'
  }
}

/**
 * PostgreSQL everywhere: DATABASE_URL when set, else an embedded server in DATA_DIR. Migrations
 * run before the pool is handed out, so the app never sees an old schema — unless `migrate` is
 * false (they are run on their own, `npm run db:migrate`, and /readyz waits for them).
 */
export async function openDatabase({
  dataDir,
  databaseUrl,
  listenUrl,
  poolSize = 10,
  log = console.log,
  warn = console.warn,
  timeouts = requestTimeouts,
  migrate: migrateFirst = true,
}: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined
  let connection: PoolConfig | string
  let description: string
  if (databaseUrl) {
    connection = databaseUrl
    description = describeUrl(databaseUrl)
  } else {
    embedded = await startEmbeddedPostgres({ dataDir, log })
    connection = embedded.connection
    description = `embedded PostgreSQL in ${embedded.clusterDir}`
  }
  let applied: string[] = []
  try {
    // The migrations hold a session-level advisory lock: on the session connection.
    if (migrateFirst) applied = await migrateDatabase(listenUrl ?? connection, warn)
    if (applied.length > 0) log(`Applied database migrations: ${applied.join(', ')}`)
  } catch (error) {
    await embedded?.stop().catch(() => {})
    throw error
  }
  const pool = createPool(connection, poolSize, warn, timeouts)
  return {
    pool,
    db: drizzle({ client: pool, schema }),
    description,
    applied,
    async check() {
      await pool.query('SELECT 1')
    },
    migrationsPending: () => pendingMigrations(pool),
    connectSession: () =>
      new pg.Client(listenUrl ? { ...pool.options, connectionString: listenUrl } : pool.options),
    async close() {
      await pool.end()
      await embedded?.stop()
    },
  }
}
