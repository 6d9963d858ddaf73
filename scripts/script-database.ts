// What the operators' scripts (`npm run admin:grant`, `npm run files:move`) share: the settings
// `npm start` reads (a local `.env` too) and a small pool on its database (DATABASE_URL, or the
// embedded one in DATA_DIR with the server stopped). The pool is opened here rather than with
// the server's openDatabase, which also runs the migrations and is bundled by Vite: the schema
// is the running server's to bring up to date.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { ConfigError, readConfig, type ServerConfig } from '../server/config'
import { startEmbeddedPostgres } from '../server/db/embedded-postgres'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The settings, or exit code 1 with what is wrong printed. */
export function scriptConfig(): ServerConfig | 1 {
  const envFile = join(root, '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  try {
    return readConfig(process.env, { clientDir: join(root, 'dist/client') })
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error))
    return 1
  }
}

export type ScriptDatabase = { readonly pool: pg.Pool; close(): Promise<void> }

/** A pool of `size` connections, or exit code 4 with why the database is not available. */
export async function openScriptDatabase(
  config: ServerConfig,
  size: number,
): Promise<ScriptDatabase | 4> {
  let pool: pg.Pool | undefined
  let stop = async () => {}
  try {
    if (config.databaseUrl) pool = new pg.Pool({ connectionString: config.databaseUrl, max: size })
    else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: () => {} })
      stop = () => embedded.stop()
      pool = new pg.Pool({ ...embedded.connection, max: size })
    }
    await pool.query('SELECT 1')
  } catch (error) {
    console.error(
      `The database is not available: ${error instanceof Error ? error.message : String(error)}`,
    )
    await pool?.end().catch(() => undefined)
    await stop().catch(() => undefined)
    return 4
  }
  const opened = pool
  return {
    pool: opened,
    async close() {
      await opened.end()
      await stop()
    },
  }
}
