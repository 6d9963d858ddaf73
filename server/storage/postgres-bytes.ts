import type { Pool, PoolClient } from 'pg'
import type { ByteStore } from './byte-store'

/**
 * Bytes in PostgreSQL, in chunks of `chunkBytes` (table thread_file_chunks), so every instance
 * on the database serves every file and nothing else needs backing up.
 */
export const chunkBytes = 256 * 1024

/**
 * The chunk store on `db`: the pool (each chunk its own statement, on a connection taken and
 * given back around it: a slow upload holds no connection between chunks), or one transaction's
 * connection (`npm run files:move` writes a file and flips its row at once).
 */
export function postgresBytes(db: Pool | PoolClient): ByteStore {
  return {
    async write(fileId, source) {
      // Each byte is copied once, into the chunk being filled; a full chunk is written before
      // more is read (the sender waits meanwhile: a fast one fills no memory).
      let chunk = Buffer.allocUnsafe(chunkBytes)
      let filled = 0
      let seq = 0
      const flush = async (data: Buffer) => {
        await db.query('INSERT INTO thread_file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
          fileId,
          seq,
          data,
        ])
        seq += 1
      }
      for await (const value of source) {
        for (let offset = 0; offset < value.length; ) {
          const taken = Math.min(chunkBytes - filled, value.length - offset)
          chunk.set(value.subarray(offset, offset + taken), filled)
          filled += taken
          offset += taken
          if (filled === chunkBytes) {
            await flush(chunk)
            chunk = Buffer.allocUnsafe(chunkBytes)
            filled = 0
          }
        }
      }
      if (filled > 0) await flush(chunk.subarray(0, filled))
    },

    // One chunk per query: a slow reader holds one chunk, never the file.
    async *read(fileId, start, end) {
      if (end < start) return
      const first = Math.floor(start / chunkBytes)
      const last = Math.floor(end / chunkBytes)
      for (let seq = first; seq <= last; seq += 1) {
        const { rows } = await db.query<{ data: Buffer }>(
          'SELECT data FROM thread_file_chunks WHERE file_id = $1 AND seq = $2',
          [fileId, seq],
        )
        const data = rows[0]?.data
        if (!data) throw new Error(`Chunk ${seq} of file ${fileId} is missing`)
        const from = seq === first ? start - seq * chunkBytes : 0
        const to = seq === last ? end - seq * chunkBytes + 1 : data.length
        yield data.subarray(from, to)
      }
    },

    async remove(fileIds) {
      if (fileIds.length === 0) return
      await db.query('DELETE FROM thread_file_chunks WHERE file_id = ANY($1::uuid[])', [fileIds])
    },
  }
}
