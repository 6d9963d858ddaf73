import type { Pool } from 'pg'
import { type Bucket, bucketBytes, openBucket } from './bucket-bytes'
import type { BucketSettings, ByteStore, FileStorage, StoredFile } from './byte-store'
import { postgresBytes } from './postgres-bytes'

/**
 * The server's files' bytes: new uploads go to FILE_STORAGE (`uploadTo`); every file is read
 * from where its own row says, so a deployment part-way through `npm run files:move` serves
 * every file.
 */
export type FileBytes = {
  readonly uploadTo: FileStorage
  /** The store of `storage`; throws for `s3` when no bucket is set (S3_BUCKET). */
  store(storage: string): ByteStore
  /** Whether the bucket is set (the clean-up removes gone files' objects only then). */
  readonly hasBucket: boolean
  read(file: StoredFile, start: number, end: number): AsyncGenerator<Buffer>
  close(): void
}

export function createFileBytes({
  pool,
  uploadTo,
  bucket,
}: {
  pool: Pool
  uploadTo: FileStorage
  bucket: BucketSettings | Bucket | undefined
}): FileBytes {
  const inPostgres = postgresBytes(pool)
  const opened = bucket === undefined ? undefined : 'client' in bucket ? bucket : openBucket(bucket)
  const inBucket = opened ? bucketBytes(opened) : undefined
  if (uploadTo === 's3' && !inBucket) throw new Error('FILE_STORAGE=s3 needs a bucket (S3_BUCKET)')
  const store = (storage: string): ByteStore => {
    if (storage === 'postgres') return inPostgres
    if (storage === 's3' && inBucket) return inBucket
    throw new Error(`Files stored in "${storage}" cannot be reached: no such store is set`)
  }
  return {
    uploadTo,
    store,
    hasBucket: inBucket !== undefined,
    read: (file, start, end) => store(file.storage).read(file.id, start, end),
    close() {
      // Only a client this opened: one handed in belongs to its caller.
      if (opened && opened !== bucket) opened.client.destroy()
    },
  }
}
