import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  type S3Client,
} from '@aws-sdk/client-s3'
import { type Bucket, objectKey, openBucket } from '../storage/bucket-bytes'
import type { BucketSettings, FileStorage } from '../storage/byte-store'

/**
 * A real S3 endpoint for the tests: s3rver (the S3 protocol over HTTP, objects in a temporary
 * directory; server/test/s3rver-process.mjs) on a free loopback port, with one bucket; spoken to by the same AWS SDK the server
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

const s3rverProcess = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url))

export async function startTestBucket(): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'agency-bucket-'))
  const name = 'agency-files'
  // Its own process: the bucket's work does not share the event loop of the API under test.
  const server = spawn(process.execPath, [s3rverProcess, directory, name], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`s3rver stopped (${code}) before listening`)))
    createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)))
  })
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
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        server.kill('SIGTERM')
        await exited
      }
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
