// `npm run files:move -- --to s3|postgres`: moves every stored file's bytes between PostgreSQL
// and the bucket (S3_*), in the database `npm start` uses (DATABASE_URL, or the embedded one in
// DATA_DIR with the server stopped; a local `.env` is read like `npm start` does). Each file is
// checked by its SHA-256 and flipped on its own: a run that stops is simply run again
// (docs/decisions/065-file-storage-in-a-bucket.md). Set FILE_STORAGE to the same store on every
// instance first, so no new upload lands behind the move.
//
// Exit codes: 0 every file moved, 1 usage or configuration, 2 some files not moved (listed),
// 4 database unavailable.
import { fileStorages } from '../server/storage/byte-store'
import { createFileBytes } from '../server/storage/file-bytes'
import { moveFiles } from '../server/storage/move-files'
import { openScriptDatabase, scriptConfig } from './script-database'

const usage = 'Usage: npm run files:move -- --to s3|postgres'

async function main(args: readonly string[]): Promise<number> {
  const to = args[0] === '--to' && args.length === 2 ? args[1] : undefined
  const target = fileStorages.find((storage) => storage === to)
  if (!target) {
    console.error(usage)
    return 1
  }
  const config = scriptConfig()
  if (config === 1) return 1
  if (!config.bucket) {
    console.error('Moving files needs the bucket: set S3_BUCKET (and the other S3_* settings).')
    return 1
  }
  const database = await openScriptDatabase(config, 2)
  if (database === 4) return 4
  const { pool } = database
  const files = createFileBytes({ pool, uploadTo: target, bucket: config.bucket })
  try {
    const report = await moveFiles({ pool, files, to: target, log: (line) => console.log(line) })
    console.log(
      `Moved ${report.moved} files (${report.bytes} bytes) to ${target}; ${report.failed.length} not moved.`,
    )
    return report.failed.length === 0 ? 0 : 2
  } finally {
    files.close()
    await database.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
