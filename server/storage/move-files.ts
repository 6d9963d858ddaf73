import { createHash } from 'node:crypto'
import type { Pool } from 'pg'
import { inTransaction } from '../db/transaction'
import type { ByteStore, FileStorage } from './byte-store'
import type { FileBytes } from './file-bytes'
import { sweepGoneFiles } from './gone-files'
import { postgresBytes } from './postgres-bytes'

/** What a run of `npm run files:move` did. */
export type MoveReport = {
  readonly moved: number
  readonly bytes: number
  /** Files left where they were: their bytes did not match their SHA-256 (or could not be read). */
  readonly failed: readonly { readonly id: string; readonly problem: string }[]
}

type MovingFile = { id: string; size: string; sha256: string; storage: string }

/** The SHA-256 of an empty body, which a row stores as '' (nothing was hashed). */
const emptySha256 = createHash('sha256').digest('hex')
const matches = (row: MovingFile, digest: string) =>
  digest === row.sha256 || (row.sha256 === '' && digest === emptySha256)

/** Passes `source` on, hashing it: `digest()` once it has been read to the end. */
function hashing(source: AsyncIterable<Buffer>) {
  const hash = createHash('sha256')
  return {
    async *bytes() {
      for await (const part of source) {
        hash.update(part)
        yield part
      }
    },
    digest: () => hash.digest('hex'),
  }
}

async function digestOf(source: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256')
  for await (const part of source) hash.update(part)
  return hash.digest('hex')
}

/**
 * Moves every stored file's bytes to `to`, one file at a time, each flipped at once: its bytes
 * are copied, read back and checked against the SHA-256 its row holds, and only then does its
 * row name the new store and lose the old bytes, in one transaction. A run that stops anywhere
 * (`stopAfterCopy` makes the tests' crash) leaves every file whole in one store; the next run
 * picks up the files not yet flipped. Uploads still arriving (not stored yet) are left for the
 * next run. `log` hears each file moved or refused.
 */
export async function moveFiles({
  pool,
  files,
  to,
  log = () => {},
  stopAfterCopy,
}: {
  pool: Pool
  files: FileBytes
  to: FileStorage
  log?: (line: string) => void
  stopAfterCopy?: (fileId: string) => void
}): Promise<MoveReport> {
  const target = files.store(to)
  const failed: { id: string; problem: string }[] = []
  let moved = 0
  let bytes = 0
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const { rows } = await pool.query<MovingFile>(
      `SELECT id, size, sha256, storage FROM thread_files
       WHERE storage <> $1 AND stored_at IS NOT NULL AND id > $2 ORDER BY id LIMIT 100`,
      [to, after],
    )
    for (const row of rows) {
      after = row.id
      const problem =
        to === 's3'
          ? await toBucket(pool, files.store(row.storage), target, row, stopAfterCopy)
          : await toPostgres(pool, files, row, stopAfterCopy)
      if (problem === 'gone') continue
      if (problem) {
        failed.push({ id: row.id, problem })
        log(`not moved ${row.id}: ${problem}`)
        continue
      }
      moved += 1
      bytes += Number(row.size)
      log(`moved ${row.id} (${row.size} bytes) to ${to}`)
    }
    if (rows.length < 100) return { moved, bytes, failed }
  }
}

/**
 * PostgreSQL → bucket: the object is written and read back outside any transaction (a
 * connection is not held for the upload); then the row flips and its chunks go together. A file
 * deleted meanwhile: its trigger entry has the clean-up remove the object.
 */
async function toBucket(
  pool: Pool,
  source: ByteStore,
  target: ByteStore,
  row: MovingFile,
  stopAfterCopy: ((fileId: string) => void) | undefined,
): Promise<string | 'gone' | undefined> {
  const end = Number(row.size) - 1
  const copied = hashing(source.read(row.id, 0, end))
  try {
    await target.write(row.id, copied.bytes())
  } catch (error) {
    return `copy failed: ${error instanceof Error ? error.message : String(error)}`
  }
  const problem = !matches(row, copied.digest())
    ? 'its stored bytes do not match its SHA-256'
    : !matches(row, await digestOf(target.read(row.id, 0, end)))
      ? 'the copy read back does not match its SHA-256'
      : undefined
  if (problem) {
    // No copy stays that its row does not name.
    await target.remove([row.id])
    return problem
  }
  stopAfterCopy?.(row.id)
  return inTransaction(pool, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE thread_files SET storage = 's3' WHERE id = $1 AND storage = 'postgres'`,
      [row.id],
    )
    if (rowCount === 0) return 'gone' as const
    await postgresBytes(client).remove([row.id])
    return undefined
  })
}

/**
 * Bucket → PostgreSQL: in one transaction the chunks are written, read back and checked, the
 * row flips and the object is listed for removal (thread_files_gone), removed at once after the
 * commit (or by the clean-up's sweep, should this stop first).
 */
async function toPostgres(
  pool: Pool,
  files: FileBytes,
  row: MovingFile,
  stopAfterCopy: ((fileId: string) => void) | undefined,
): Promise<string | 'gone' | undefined> {
  const end = Number(row.size) - 1
  const outcome = await inTransaction(pool, async (client, rollback) => {
    const locked = await client.query(
      `SELECT 1 FROM thread_files WHERE id = $1 AND storage = 's3' FOR UPDATE`,
      [row.id],
    )
    if (locked.rowCount === 0) return 'gone' as const
    const chunks = postgresBytes(client)
    const copied = hashing(files.store('s3').read(row.id, 0, end))
    try {
      await chunks.write(row.id, copied.bytes())
    } catch (error) {
      rollback()
      return `copy failed: ${error instanceof Error ? error.message : String(error)}`
    }
    const problem = !matches(row, copied.digest())
      ? 'its stored bytes do not match its SHA-256'
      : !matches(row, await digestOf(chunks.read(row.id, 0, end)))
        ? 'the copy read back does not match its SHA-256'
        : undefined
    if (problem) {
      rollback()
      return problem
    }
    stopAfterCopy?.(row.id)
    await client.query(`UPDATE thread_files SET storage = 'postgres' WHERE id = $1`, [row.id])
    await client.query(
      `INSERT INTO thread_files_gone (file_id, storage) VALUES ($1, 's3') ON CONFLICT DO NOTHING`,
      [row.id],
    )
    return undefined
  })
  if (outcome === undefined) await sweepGoneFiles(pool, files, [row.id]).catch(() => undefined)
  return outcome
}
