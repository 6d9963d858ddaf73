import { createHash, randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ThreadFile } from '../../src/domain/api/api-contract'
import { acceptedTypeLabels, threadLimits } from '../../src/domain/requests/thread-limits'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { getBytes, postBytes } from '../test/event-stream'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { acceptedSamples, refusedSamples, samplePdf } from '../test/sample-files'
import { testBackends } from '../test/test-database'
import { chunkBytes } from './file-store'

const requestsPath = '/api/v1/me/service-requests'
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe.each(testBackends())('a workspace’s files on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient

  beforeAll(async () => {
    kit = await startAccountKit(backend)
    admin = (await agencyAdmin(kit)).admin
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const q = (sql: string, values: unknown[] = []) => kit.database.pool.query(sql, values)

  const cooperativeBrief = {
    serviceId: 'branding',
    need: 'A logo and a style guide for our cooperative.',
    desiredStart: 'flexible',
    budget: 'not-sure',
  }
  const client = (language: 'en' | 'es' = 'en') =>
    clientWithRequest(kit, { language, brief: cooperativeBrief })

  const uploadPath = (requestId: string, name: string) =>
    `/api/v1/me/uploads?request=${requestId}&name=${encodeURIComponent(name)}`

  async function upload(browser: ApiClient, requestId: string, name: string, bytes: Buffer) {
    return postBytes(kit.api.url, browser, uploadPath(requestId, name), bytes)
  }

  /** Uploads and sends `bytes` in a message; resolves with the file. */
  async function shared(browser: ApiClient, requestId: string, name: string, bytes: Buffer) {
    const uploaded = await upload(browser, requestId, name, bytes)
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    const file = uploaded.body.upload as ThreadFile
    const sent = await browser.post(`${requestsPath}/${requestId}/messages`, {
      body: `Attached: ${name}`,
      files: [file.id],
    })
    expect(sent.status).toBe(201)
    return file
  }

  it('recognises every accepted type by its content and gives back the exact bytes, safely', async () => {
    const { browser, requestId } = await client()
    for (const sample of acceptedSamples()) {
      const file = await shared(browser, requestId, sample.name, sample.bytes)
      expect(file).toEqual({
        id: expect.any(String),
        name: sample.name,
        size: sample.bytes.length,
        type: sample.type,
        sha256: sha256(sample.bytes),
      })
      for (const [who, path] of [
        ['client', `${requestsPath}/${requestId}/files/${file.id}`],
        ['agency', `/api/v1/admin/service-requests/${requestId}/files/${file.id}`],
      ] as const) {
        const download = await getBytes(kit.api.url, who === 'client' ? browser : admin, path)
        expect(download.status, `${who} ${sample.name}`).toBe(200)
        expect(sha256(download.bytes)).toBe(file.sha256)
        expect(download.bytes.equals(sample.bytes)).toBe(true)
        const headers = download.headers
        expect(headers.get('content-type')).toBe(
          sample.type.startsWith('text/') ? `${sample.type}; charset=utf-8` : sample.type,
        )
        expect(headers.get('x-content-type-options')).toBe('nosniff')
        expect(headers.get('content-security-policy')).toContain('sandbox')
        expect(headers.get('etag')).toBe(`"${file.sha256}"`)
        expect(headers.get('accept-ranges')).toBe('bytes')
        expect(headers.get('content-encoding')).toBeNull()
        expect(headers.get('cache-control')).toBe('no-store, no-transform')
        expect(headers.get('content-disposition')).toBe(
          `attachment; filename="${sample.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(sample.name)}`,
        )
      }
    }
  })

  it('refuses what is none of them (a program named .pdf, SVG, HTML, a bare ZIP …) with a translated 415 naming the accepted types', async () => {
    const { browser, requestId } = await client('es')
    for (const sample of refusedSamples()) {
      const refused = await upload(browser, requestId, sample.name, sample.bytes)
      expect(refused.status, sample.what).toBe(415)
      expect(refused.body.code).toBe('unsupported_media_type')
      expect(refused.body.message).toBe(
        `Este tipo de archivo no se puede compartir aquí. Se aceptan: ${acceptedTypeLabels}. El tipo se reconoce por el contenido del archivo, no por su nombre.`,
      )
    }
    const english = await client('en')
    const refused = await upload(english.browser, english.requestId, 'x.pdf', Buffer.from('<html>'))
    expect(refused.body.message).toContain(`Accepted: ${acceptedTypeLabels}.`)
    // Nothing of a refused upload stays.
    const left = await q('SELECT count(*)::int AS n FROM thread_files WHERE request_id = $1', [
      requestId,
    ])
    expect(left.rows[0].n).toBe(0)
  })

  it('refuses a file over 10 MB, declared or streamed, and keeps none of its bytes', async () => {
    const { browser, requestId } = await client()
    const big = Buffer.alloc(threadLimits.fileBytes + 1, 0x61)
    const declared = await upload(browser, requestId, 'big.txt', big)
    expect(declared.status).toBe(413)
    expect(declared.body.code).toBe('too_large')
    // Without a length: the body is read until its 10 MB + 1st byte.
    let sent = 0
    const streamed = await postBytes(
      kit.api.url,
      browser,
      uploadPath(requestId, 'big.txt'),
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > threadLimits.fileBytes + chunkBytes) return controller.close()
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x61))
          sent += 64 * 1024
        },
      }),
    )
    expect(streamed.status).toBe(413)
    expect(streamed.body.code).toBe('too_large')
    const left = await q(
      `SELECT count(*)::int AS n FROM thread_file_chunks c JOIN thread_files f ON f.id = c.file_id
       WHERE f.request_id = $1`,
      [requestId],
    )
    expect(left.rows[0].n).toBe(0)
  })

  it('stores exactly 10 MB in chunks and serves ranges across them, with ETag revalidation', async () => {
    const { browser, requestId } = await client()
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      randomBytes(threadLimits.fileBytes - 9),
    ])
    const file = await shared(browser, requestId, 'scan.pdf', bytes)
    const chunks = await q(
      'SELECT count(*)::int AS n, max(length(data))::int AS largest FROM thread_file_chunks WHERE file_id = $1',
      [file.id],
    )
    expect(chunks.rows[0]).toEqual({ n: Math.ceil(bytes.length / chunkBytes), largest: chunkBytes })
    const path = `${requestsPath}/${requestId}/files/${file.id}`
    const whole = await getBytes(kit.api.url, browser, path)
    expect(sha256(whole.bytes)).toBe(file.sha256)
    expect(whole.headers.get('content-length')).toBe(String(bytes.length))

    const across = await getBytes(kit.api.url, browser, path, {
      range: `bytes=${chunkBytes - 10}-${2 * chunkBytes + 9}`,
    })
    expect(across.status).toBe(206)
    expect(across.headers.get('content-range')).toBe(
      `bytes ${chunkBytes - 10}-${2 * chunkBytes + 9}/${bytes.length}`,
    )
    expect(across.bytes.equals(bytes.subarray(chunkBytes - 10, 2 * chunkBytes + 10))).toBe(true)
    const tail = await getBytes(kit.api.url, browser, path, { range: 'bytes=-100' })
    expect(tail.status).toBe(206)
    expect(tail.bytes.equals(bytes.subarray(bytes.length - 100))).toBe(true)
    const open = await getBytes(kit.api.url, browser, path, { range: `bytes=${bytes.length - 5}-` })
    expect(open.bytes.equals(bytes.subarray(bytes.length - 5))).toBe(true)
    const outside = await getBytes(kit.api.url, browser, path, {
      range: `bytes=${bytes.length}-`,
    })
    expect(outside.status).toBe(416)
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`)
    expect(JSON.parse(outside.bytes.toString()).code).toBe('range_not_satisfiable')

    const etag = whole.headers.get('etag') ?? ''
    const revalidated = await getBytes(kit.api.url, browser, path, { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.bytes.length).toBe(0)
    // A range of another version (If-Range does not match): the whole file.
    const stale = await getBytes(kit.api.url, browser, path, {
      range: 'bytes=0-9',
      'if-range': '"something-else"',
    })
    expect(stale.status).toBe(200)
    expect(stale.bytes.length).toBe(bytes.length)
  })

  it('keeps an internal note’s file from the client, and a file from anyone else', async () => {
    const { browser, requestId } = await client()
    const uploaded = await upload(admin, requestId, 'costs.csv', Buffer.from('item,cost\nA,1\n'))
    expect(uploaded.status).toBe(201)
    const file = uploaded.body.upload as ThreadFile
    const note = await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, {
      body: 'Our costs',
      internal: true,
      files: [file.id],
    })
    expect(note.status).toBe(201)
    const adminPath = `/api/v1/admin/service-requests/${requestId}/files/${file.id}`
    expect((await getBytes(kit.api.url, admin, adminPath)).status).toBe(200)
    const clientPath = `${requestsPath}/${requestId}/files/${file.id}`
    expect((await getBytes(kit.api.url, browser, clientPath)).status).toBe(404)
    const other = await client()
    expect((await getBytes(kit.api.url, other.browser, clientPath)).status).toBe(404)
  })

  it('keeps a request’s files within 100 MB: at upload, and again when a message sends them', async () => {
    const { browser, requestId } = await client()
    const waiting = await upload(browser, requestId, 'plan.pdf', samplePdf())
    expect(waiting.status).toBe(201)
    // Files already sent fill the request up to a few bytes short of the limit.
    const owner = await q('SELECT user_id FROM service_requests WHERE id = $1', [requestId])
    const message = await q(
      `INSERT INTO thread_messages (request_id, author_id, side, body)
       VALUES ($1, $2, 'client', 'Archive') RETURNING id`,
      [requestId, owner.rows[0].user_id],
    )
    await q(
      `INSERT INTO thread_files (request_id, owner_id, message_id, name, size, media_type, sha256, stored_at)
       VALUES ($1, $2, $3, 'archive.pdf', $4, 'application/pdf', '', now())`,
      [requestId, owner.rows[0].user_id, message.rows[0].id, threadLimits.requestBytes - 100],
    )
    const refused = await upload(browser, requestId, 'more.pdf', samplePdf())
    expect(refused.status).toBe(413)
    expect(refused.body.code).toBe('quota_exceeded')
    const send = await browser.post(`${requestsPath}/${requestId}/messages`, {
      body: 'The plan',
      files: [(waiting.body.upload as ThreadFile).id],
    })
    expect(send.status).toBe(413)
    expect(send.body.code).toBe('quota_exceeded')
    // Nothing of the refused message was stored.
    const bodies = await q('SELECT body FROM thread_messages WHERE request_id = $1', [requestId])
    expect(bodies.rows).toEqual([{ body: 'Archive' }])
  })

  it('gives the client every shared file in one ZIP (never a note’s), each entry intact', async () => {
    const { browser, requestId } = await client()
    const pdf = samplePdf()
    const notes = Buffer.from('Colours: blue and amber.\n')
    await shared(browser, requestId, 'brief.pdf', pdf)
    await shared(browser, requestId, 'brief.pdf', notes)
    const reply = await upload(admin, requestId, 'propuesta año 2026.txt', Buffer.from('Hola\n'))
    await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, {
      body: 'Our proposal',
      files: [(reply.body.upload as ThreadFile).id],
    })
    const secret = await upload(admin, requestId, 'costs.csv', Buffer.from('a,b\n1,2\n'))
    await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, {
      body: 'Internal costs',
      internal: true,
      files: [(secret.body.upload as ThreadFile).id],
    })
    const zip = await getBytes(kit.api.url, browser, `${requestsPath}/${requestId}/files.zip`)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect(zip.headers.get('content-length')).toBe(String(zip.bytes.length))
    // Read it back through its central directory, as an unzip tool does.
    const bytes = zip.bytes
    const end = bytes.length - 22
    expect(bytes.readUInt32LE(end)).toBe(0x06054b50)
    const count = bytes.readUInt16LE(end + 10)
    let at = bytes.readUInt32LE(end + 16)
    const entries: Record<string, Buffer> = {}
    for (let i = 0; i < count; i += 1) {
      expect(bytes.readUInt32LE(at)).toBe(0x02014b50)
      const crc = bytes.readUInt32LE(at + 16)
      const size = bytes.readUInt32LE(at + 20)
      const nameLength = bytes.readUInt16LE(at + 28)
      const local = bytes.readUInt32LE(at + 42)
      const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8')
      expect(bytes.readUInt32LE(local)).toBe(0x04034b50)
      const start = local + 30 + bytes.readUInt16LE(local + 26)
      const data = bytes.subarray(start, start + size)
      expect(crc32(data)).toBe(crc)
      entries[name] = data
      at += 46 + nameLength
    }
    expect(Object.keys(entries)).toEqual(['brief.pdf', 'brief (2).pdf', 'propuesta año 2026.txt'])
    expect(entries['brief.pdf']?.equals(pdf)).toBe(true)
    expect(entries['brief (2).pdf']?.equals(notes)).toBe(true)
    const other = await client()
    expect(
      (await getBytes(kit.api.url, other.browser, `${requestsPath}/${requestId}/files.zip`)).status,
    ).toBe(404)
  })

  it('names a download safely, Unicode kept (RFC 6266)', async () => {
    const { browser, requestId } = await client()
    const name = 'Presupuesto "final" año\u00a02026 – v2.txt'
    const file = await shared(browser, requestId, name, Buffer.from('Total: 1000\n'))
    const download = await getBytes(
      kit.api.url,
      browser,
      `${requestsPath}/${requestId}/files/${file.id}`,
    )
    const disposition = download.headers.get('content-disposition') ?? ''
    expect(disposition).toBe(
      `attachment; filename="Presupuesto _final_ a_o_2026 _ v2.txt"; filename*=UTF-8''Presupuesto%20%22final%22%20a%C3%B1o%C2%A02026%20%E2%80%93%20v2.txt`,
    )
    const refused = await upload(browser, requestId, '../../etc/passwd', Buffer.from('x\n'))
    expect(refused.status).toBe(400)
  })
})
