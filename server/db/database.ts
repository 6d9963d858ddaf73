import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg, { type PoolConfig } from 'pg'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres'
import { migrate } from './migrate'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>

export type Database = {
  readonly pool: pg.Pool
  readonly db: Db
  /** Where the data lives, for the start-up log (no credentials). */
  readonly description: string
  /** Resolves when the database answers a query; for /healthz. */
  check(): Promise<void>
  /** Closes the pool, then stops the embedded server if this process started one. */
  close(): Promise<void>
}

export type DatabaseOptions = {
  readonly dataDir: string
  readonly databaseUrl?: string | undefined
  readonly poolSize?: number
  readonly log?: (message: string) => void
  /** Where a lost connection is reported (the app's logger at warn level). */
  readonly warn?: (message: string) => void
}

export function createPool(
  connection: PoolConfig | string,
  max = 10,
  warn: (message: string) => void = console.warn,
): pg.Pool {
  const config: PoolConfig =
    typeof connection === 'string' ? { connectionString: connection } : connection
  const pool = new pg.Pool({ ...config, max, connectionTimeoutMillis: 10_000 })
  // An idle connection the server terminates (restart, failover, our own shutdown) must not
  // crash the process: the pool drops it and the next query opens a new one.
  pool.on('error', (error) => {
    // pool.end() resolves before the sockets have closed: terminations while ending are expected.
    if (!pool.ending) warn(`PostgreSQL connection lost: ${error.message}`)
  })
  return pool
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
 * run before the pool is handed out, so the app never sees an old schema.
 */
export async function openDatabase({
  dataDir,
  databaseUrl,
  poolSize = 10,
  log = console.log,
  warn = console.warn,
}: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined
  let pool: pg.Pool
  let description: string
  if (databaseUrl) {
    pool = createPool(databaseUrl, poolSize, warn)
    description = describeUrl(databaseUrl)
  } else {
    embedded = await startEmbeddedPostgres({ dataDir, log })
    pool = createPool(embedded.connection, poolSize, warn)
    description = `embedded PostgreSQL in ${embedded.clusterDir}`
  }
  try {
    const applied = await migrate(pool)
    if (applied.length > 0) log(`Applied database migrations: ${applied.join(', ')}`)
  } catch (error) {
    await pool.end().catch(() => {})
    await embedded?.stop().catch(() => {})
    throw error
  }
  return {
    pool,
    db: drizzle({ client: pool, schema }),
    description,
    async check() {
      await pool.query('SELECT 1')
    },
    async close() {
      await pool.end()
      await embedded?.stop()
    },
  }
}
