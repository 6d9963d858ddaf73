// `npm run files:move -- --to s3|postgres`: moves every stored file's bytes between PostgreSQL
// and the bucket (S3_*), in the database `npm start` uses (DATABASE_URL, or the embedded one in
// DATA_DIR with the server stopped; a local `.env` is read like `npm start` does). Each file is
// checked by its SHA-256 and flipped on its own: a run that stops is simply run again
// (docs/decisions/065-file-storage-in-a-bucket.md). Set FILE_STORAGE to the same store on every
// instance first, so no new upload lands behind the move.
//
// Exit codes: 0 every file moved, 1 usage or configuration, 2 some files not moved (listed),
// 4 database unavailable.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { ConfigError, readConfig } from '../server/config'
import { startEmbeddedPostgres } from '../server/db/embedded-postgres'
import { fileStorages } from '../server/storage/byte-store'
import { createFileBytes } from '../server/storage/file-bytes'
import { moveFiles } from '../server/storage/move-files'

const root = fileURLToPath(new URL('..', import.meta.url))
const usage = 'Usage: npm run files:move -- --to s3|postgres'

async function main(args: readonly string[]): Promise<number> {
  const to = args[0] === '--to' && args.length === 2 ? args[1] : undefined
  const target = fileStorages.find((storage) => storage === to)
  if (!target) {
    console.error(usage)
    return 1
  }
  const envFile = join(root, '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  let config: ReturnType<typeof readConfig>
  try {
    config = readConfig(process.env, { clientDir: join(root, 'dist/client') })
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error))
    return 1
  }
  if (!config.bucket) {
    console.error('Moving files needs the bucket: set S3_BUCKET (and the other S3_* settings).')
    return 1
  }
  let pool: pg.Pool
  let stop = async () => {}
  try {
    if (config.databaseUrl) pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 })
    else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: () => {} })
      pool = new pg.Pool({ ...embedded.connection, max: 2 })
      stop = () => embedded.stop()
    }
    await pool.query('SELECT 1')
  } catch (error) {
    console.error(
      `The database is not available: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 4
  }
  const files = createFileBytes({ pool, uploadTo: target, bucket: config.bucket })
  try {
    const report = await moveFiles({ pool, files, to: target, log: (line) => console.log(line) })
    console.log(
      `Moved ${report.moved} files (${report.bytes} bytes) to ${target}; ${report.failed.length} not moved.`,
    )
    return report.failed.length === 0 ? 0 : 2
  } finally {
    files.close()
    await pool.end()
    await stop()
  }
}

process.exitCode = await main(process.argv.slice(2))
