import type { Readable } from 'node:stream'
import { Readable as NodeReadable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { BucketSettings, ByteStore } from './byte-store'

/** An S3 client and the bucket it writes to. */
export type Bucket = { readonly client: S3Client; readonly name: string }

/**
 * S3's smallest part: an upload holds at most one in memory (`queueSize` 1), so 5 MiB per upload
 * arriving, whatever the file's size.
 */
export const partBytes = 5 * 1024 * 1024

export function openBucket(settings: BucketSettings): Bucket {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: the SDK's default adds trailing checksums in an
    // aws-chunked body, which many S3-compatible stores refuse. Every file's SHA-256 is kept in
    // its row and checked by `npm run files:move`.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return { client, name: settings.bucket }
}

/** The object of a file: named by the file's id, which its row had before the object existed. */
export const objectKey = (fileId: string) => `files/${fileId}`

export function bucketBytes({ client, name }: Bucket): ByteStore {
  return {
    async write(fileId, source) {
      const upload = new Upload({
        client,
        params: { Bucket: name, Key: objectKey(fileId), Body: NodeReadable.from(source) },
        queueSize: 1,
        partSize: partBytes,
        // A failed upload's parts are aborted (a crashed process's are not: the bucket's
        // lifecycle rule for incomplete multipart uploads takes them; README, Deploying).
        leavePartsOnError: false,
      })
      await upload.done()
    },

    // A range GET: the bucket sends the bytes asked for, read as the socket wants more.
    async *read(fileId, start, end) {
      if (end < start) return
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: name,
          Key: objectKey(fileId),
          Range: `bytes=${start}-${end}`,
        }),
      )
      const body = answer.Body as Readable | undefined
      if (!body) throw new Error(`The object of file ${fileId} has no body`)
      try {
        for await (const part of body) yield part as Buffer
      } finally {
        // A reader that stopped early (a cancelled download): the connection is let go.
        body.destroy()
      }
    },

    async remove(fileIds) {
      // One DELETE each: idempotent (a missing object is no error), and it needs no checksum,
      // which a multi-object delete does on every S3-compatible store.
      for (const fileId of fileIds)
        await client.send(new DeleteObjectCommand({ Bucket: name, Key: objectKey(fileId) }))
    },
  }
}
