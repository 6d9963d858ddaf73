/** Where uploaded files' bytes go (docs/decisions/065-file-storage-in-a-bucket.md). */
export const fileStorages = ['postgres', 's3'] as const
export type FileStorage = (typeof fileStorages)[number]

/** An S3-compatible bucket (AWS S3, MinIO, R2, …): the S3_* settings. */
export type BucketSettings = {
  /** Default: AWS's endpoint for the region. */
  readonly endpoint: string | undefined
  readonly region: string
  readonly bucket: string
  /** Both or neither; neither: the SDK's own chain (an instance role, AWS_* variables). */
  readonly credentials:
    | { readonly accessKeyId: string; readonly secretAccessKey: string }
    | undefined
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  readonly forcePathStyle: boolean
}

/**
 * One place files' bytes can be: PostgreSQL's chunks or a bucket. Both stream both ways: `write`
 * takes the bytes as they arrive and `read` gives them back a piece at a time, so no file is ever
 * whole in memory (a bucket's upload holds one 5 MiB part: S3's smallest).
 */
export type ByteStore = {
  /**
   * Stores the bytes of file `fileId` as `source` yields them. When `source` throws, the write
   * stops with that error; what was stored of it goes with the file's row (`discardUpload`).
   */
  write(fileId: string, source: AsyncIterable<Buffer>): Promise<void>
  /** The bytes `start`–`end` (inclusive); nothing when `end < start` (an empty file). */
  read(fileId: string, start: number, end: number): AsyncGenerator<Buffer>
  /** Removes these files' bytes; a file that has none here is skipped. */
  remove(fileIds: readonly string[]): Promise<void>
}

/** A file's row as far as its bytes go: its id and where they are (thread_files.storage). */
export type StoredFile = { readonly id: string; readonly storage: string }
