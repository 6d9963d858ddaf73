import type { Pool } from 'pg'
import { inTransaction } from '../db/transaction'
import type { FileBytes } from './file-bytes'

const batch = 100

/**
 * Removes from the bucket the objects of files whose rows are gone (listed in thread_files_gone
 * by a trigger, whatever deleted them: docs/decisions/065-file-storage-in-a-bucket.md), then
 * their entries; `only` limits it to those files (an upload just discarded). Rows are claimed
 * with SKIP LOCKED, so instances sweeping at once share the work. Without a bucket set, only
 * the entries of files kept in PostgreSQL (their chunks went with their rows) are cleared; those
 * of the bucket wait for it. Returns how many entries it cleared.
 */
export async function sweepGoneFiles(
  pool: Pool,
  files: FileBytes,
  only?: readonly string[],
): Promise<number> {
  let cleared = 0
  for (;;) {
    const claimed = await inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ file_id: string }>(
        `SELECT file_id FROM thread_files_gone
         WHERE ($1::uuid[] IS NULL OR file_id = ANY($1::uuid[])) AND ($2 OR storage = 'postgres')
         ORDER BY gone_at LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
        [only ?? null, files.hasBucket],
      )
      const ids = rows.map((row) => row.file_id)
      if (ids.length === 0) return 0
      // A file kept in PostgreSQL may still have a copy in the bucket: a move to it that
      // stopped before flipping the row (deleting a missing object is no error).
      if (files.hasBucket) await files.store('s3').remove(ids)
      await client.query('DELETE FROM thread_files_gone WHERE file_id = ANY($1::uuid[])', [ids])
      return ids.length
    })
    cleared += claimed
    if (claimed < batch) return cleared
  }
}
