import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ThreadFile } from '../../domain/api/api-contract'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { getBytes, postBytes } from '../test/event-stream'
import { clientWithRequest } from '../test/request-kit'
import { samplePdf } from '../test/sample-files'
import { startTestBucket, type TestBucket } from '../test/test-bucket'
import { connectionUrl, testBackends } from '../test/test-database'
import { moveFiles } from './move-files'

const run = promisify(execFile)
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe.each(testBackends())('npm run files:move on $name', (backend) => {
  let kit: AccountKit
  let bucket: TestBucket
  let browser: Awaited<ReturnType<typeof clientWithRequest>>['browser']
  let requestId: string
  const sent: { file: ThreadFile; bytes: Buffer }[] = []

  beforeAll(async () => {
    bucket = await startTestBucket()
    // Uploads go to PostgreSQL; the bucket is set, as it is for a move.
    kit = await startAccountKit(backend, { files: { uploadTo: 'postgres', bucket } })
    ;({ browser, requestId } = await clientWithRequest(kit))
    const samples: [string, Buffer][] = [
      // Past S3's 5 MiB part: a multipart upload of two parts.
      ['scan.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(6 * 1024 * 1024)])],
      ['brief.pdf', samplePdf()],
      ['notes.txt', Buffer.from('Colours: blue and amber.\n')],
      ['more notes.txt', Buffer.from('Fonts: a serif.\n')],
    ]
    for (const [name, bytes] of samples) {
      const uploaded = await postBytes(
        kit.api.url,
        browser,
        `/api/v1/me/uploads?request=${requestId}&name=${encodeURIComponent(name)}`,
        bytes,
      )
      expect(uploaded.status).toBe(201)
      sent.push({ file: uploaded.body.upload as ThreadFile, bytes })
    }
    const message = await browser.post(`/api/v1/me/service-requests/${requestId}/messages`, {
      body: 'Attached',
      files: sent.map(({ file }) => file.id),
    })
    expect(message.status).toBe(201)
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
    await bucket?.close()
  })

  const q = (sql: string, values: unknown[] = []) => kit.database.pool.query(sql, values)
  const storages = async () =>
    (
      await q('SELECT storage FROM thread_files WHERE id = ANY($1::uuid[]) ORDER BY id', [
        sent.map(({ file }) => file.id),
      ])
    ).rows.map((row) => row.storage)
  const chunkCount = async () =>
    (await q('SELECT count(*)::int AS n FROM thread_file_chunks')).rows[0].n as number

  /** Every file downloads as it was uploaded, and each store holds exactly the files it should. */
  async function expectWholeIn(storage: 'postgres' | 's3') {
    expect(await storages()).toEqual(sent.map(() => storage))
    for (const { file, bytes } of sent) {
      const download = await getBytes(
        kit.api.url,
        browser,
        `/api/v1/me/service-requests/${requestId}/files/${file.id}`,
      )
      expect(download.status).toBe(200)
      expect(sha256(download.bytes)).toBe(sha256(bytes))
    }
    const keys = (await bucket.keys()).sort()
    if (storage === 's3') {
      expect(keys).toEqual(sent.map(({ file }) => `files/${file.id}`).sort())
      expect(await chunkCount()).toBe(0)
    } else {
      expect(keys).toEqual([])
      expect(await chunkCount()).toBeGreaterThan(sent.length)
    }
  }

  /** A run that dies right after copying its second file, before flipping it. */
  async function interruptedRun(to: 'postgres' | 's3') {
    let copies = 0
    await expect(
      moveFiles({
        pool: kit.database.pool,
        files: kit.api.deps.files,
        to,
        stopAfterCopy: () => {
          copies += 1
          if (copies === 2) throw new Error('killed')
        },
      }),
    ).rejects.toThrow('killed')
    const flipped = (await storages()).filter((storage) => storage === to)
    expect(flipped).toHaveLength(1)
  }

  it('moves every file to the bucket and back, each checked and flipped on its own, and a run interrupted half-way finishes on the next', async () => {
    await interruptedRun('s3')
    // Every file is still served whole, from wherever its row says.
    for (const { file, bytes } of sent) {
      const download = await getBytes(
        kit.api.url,
        browser,
        `/api/v1/me/service-requests/${requestId}/files/${file.id}`,
      )
      expect(download.bytes.equals(bytes)).toBe(true)
    }
    const lines: string[] = []
    const rest = await moveFiles({
      pool: kit.database.pool,
      files: kit.api.deps.files,
      to: 's3',
      log: (line) => lines.push(line),
    })
    expect(rest).toMatchObject({ moved: sent.length - 1, failed: [] })
    expect(lines).toHaveLength(sent.length - 1)
    await expectWholeIn('s3')

    await interruptedRun('postgres')
    const back = await moveFiles({
      pool: kit.database.pool,
      files: kit.api.deps.files,
      to: 'postgres',
    })
    expect(back).toMatchObject({ moved: sent.length - 1, failed: [] })
    await expectWholeIn('postgres')
    expect((await q('SELECT count(*)::int AS n FROM thread_files_gone')).rows[0].n).toBe(0)
  })

  it('leaves a file whose bytes do not match its SHA-256 where it is, and says so', async () => {
    const [damaged] = sent
    if (!damaged) throw new Error('no file')
    await q(
      `UPDATE thread_file_chunks SET data = overlay(data placing '\\x00'::bytea from 100)
       WHERE file_id = $1 AND seq = 3`,
      [damaged.file.id],
    )
    const report = await moveFiles({ pool: kit.database.pool, files: kit.api.deps.files, to: 's3' })
    expect(report.failed).toEqual([
      { id: damaged.file.id, problem: 'its stored bytes do not match its SHA-256' },
    ])
    expect(report.moved).toBe(sent.length - 1)
    const row = await q('SELECT storage FROM thread_files WHERE id = $1', [damaged.file.id])
    expect(row.rows[0].storage).toBe('postgres')
    expect(
      (
        await q('SELECT count(*)::int AS n FROM thread_file_chunks WHERE file_id = $1', [
          damaged.file.id,
        ])
      ).rows[0].n,
    ).toBeGreaterThan(20)
    // Its copy did not stay in the bucket.
    expect(await bucket.objectOf(damaged.file.id)).toBeUndefined()
  })

  it('runs as `npm run files:move -- --to postgres` against DATABASE_URL and S3_*, and refuses a store it does not know (exit 1)', async () => {
    const { settings } = bucket
    const env = {
      ...process.env,
      DATABASE_URL: connectionUrl(kit.database.connection),
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }
    const moved = await run('npx', ['tsx', 'scripts/files-move.ts', '--to', 'postgres'], { env })
    expect(moved.stdout).toContain(`Moved ${sent.length - 1} files`)
    expect(await storages()).toEqual(sent.map(() => 'postgres'))
    const usage = await run('npx', ['tsx', 'scripts/files-move.ts', '--to', 'disk'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('--to s3|postgres') })
  })
})
