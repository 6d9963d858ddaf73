import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  type S3Client,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { type Bucket, objectKey, openBucket } from '../storage/bucket-bytes'
import type { BucketSettings, FileStorage } from '../storage/byte-store'

/**
 * A real S3 endpoint for the tests: s3rver (the S3 protocol over HTTP, objects in a temporary
 * directory) on a free loopback port, with one bucket; spoken to by the same AWS SDK the server
 * uses. `settings` are what S3_* would say.
 */
export type TestBucket = Bucket & {
  readonly settings: BucketSettings
  /** The keys of every object in the bucket. */
  keys(): Promise<string[]>
  /** A file's object, whole; undefined when there is none. */
  objectOf(fileId: string): Promise<Buffer | undefined>
  close(): Promise<void>
}

export async function startTestBucket(): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'agency-bucket-'))
  const name = 'agency-files'
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name }],
  })
  const { port } = await server.run()
  const settings: BucketSettings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: name,
    // s3rver's own fixed pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  }
  const { client } = openBucket(settings)
  return {
    client,
    name,
    settings,
    keys: () => keysOf(client, name),
    async objectOf(fileId) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: name, Key: objectKey(fileId) }))
      } catch (error) {
        if (error instanceof NotFound) return undefined
        throw error
      }
      const answer = await client.send(
        new GetObjectCommand({ Bucket: name, Key: objectKey(fileId) }),
      )
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? [])
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

async function keysOf(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
    )
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys
}

/** The file stores the file tests run on: PostgreSQL's chunks, and a bucket. */
export const testFileStorages: readonly FileStorage[] = ['postgres', 's3']
