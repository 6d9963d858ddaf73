import { createHash, randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ThreadFile } from '../../domain/api/api-contract'
import { acceptedTypeLabels, threadLimits } from '../../domain/requests/thread-limits'
import { setAccountRole } from '../admin/admin-role'
import { sweepGoneFiles } from '../storage/gone-files'
import { chunkBytes } from '../storage/postgres-bytes'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { getBytes, postBytes } from '../test/event-stream'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { acceptedSamples, refusedSamples, samplePdf } from '../test/sample-files'
import { startTestBucket, type TestBucket, testFileStorages } from '../test/test-bucket'
import { testBackends } from '../test/test-database'

const requestsPath = '/api/v1/me/service-requests'
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

const runs = testBackends().flatMap((backend) =>
  testFileStorages.map((storage) => ({ backend, storage, name: `${backend.name}, ${storage}` })),
)

describe.each(runs)('a workspace’s files on $name', ({ backend, storage }) => {
  let kit: AccountKit
  let admin: ApiClient
  let bucket: TestBucket | undefined

  beforeAll(async () => {
    bucket = storage === 's3' ? await startTestBucket() : undefined
    kit = await startAccountKit(backend, { files: { uploadTo: storage, bucket } })
    admin = (await agencyAdmin(kit)).admin
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
    await bucket?.close()
  })

  const q = (sql: string, values: unknown[] = []) => kit.database.pool.query(sql, values)

  /** A stored file's bytes, read from its store directly (not through the API). */
  async function storedBytes(fileId: string): Promise<Buffer | undefined> {
    const row = await q('SELECT storage FROM thread_files WHERE id = $1', [fileId])
    expect(row.rows[0]?.storage).toBe(storage)
    if (bucket) return bucket.objectOf(fileId)
    // A chunk a statement: one statement for all 10 MB can outlast the pool's query timeout
    // on a busy machine.
    const seqs = await q('SELECT seq FROM thread_file_chunks WHERE file_id = $1 ORDER BY seq', [
      fileId,
    ])
    if (seqs.rows.length === 0) return undefined
    const chunks: Buffer[] = []
    for (const { seq } of seqs.rows as { seq: number }[]) {
      const chunk = await q('SELECT data FROM thread_file_chunks WHERE file_id = $1 AND seq = $2', [
        fileId,
        seq,
      ])
      chunks.push(chunk.rows[0]?.data)
    }
    return Buffer.concat(chunks)
  }

  /**
   * Stored bytes whose file row is gone (chunks, or bucket objects), once the deletions so far
   * have been swept as the clean-up does.
   */
  async function leftovers(): Promise<string[]> {
    await sweepGoneFiles(kit.database.pool, kit.api.deps.files)
    const chunks = await q(
      `SELECT DISTINCT c.file_id FROM thread_file_chunks c
       LEFT JOIN thread_files f ON f.id = c.file_id WHERE f.id IS NULL`,
    )
    const live = new Set((await q('SELECT id FROM thread_files')).rows.map((row) => row.id))
    const objects = bucket
      ? (await bucket.keys()).filter((key) => !live.has(key.replace(/^files\//, '')))
      : []
    return [...chunks.rows.map((row) => row.file_id), ...objects]
  }

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
    const left = await q('SELECT count(*)::int AS n FROM thread_files WHERE request_id = $1', [
      requestId,
    ])
    expect(left.rows[0].n).toBe(0)
    expect(await leftovers()).toEqual([])
  })

  it('stores exactly 10 MB in chunks and serves ranges across them, with ETag revalidation', async () => {
    const { browser, requestId } = await client()
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      randomBytes(threadLimits.fileBytes - 9),
    ])
    const file = await shared(browser, requestId, 'scan.pdf', bytes)
    if (storage === 'postgres') {
      const chunks = await q(
        'SELECT count(*)::int AS n, max(length(data))::int AS largest FROM thread_file_chunks WHERE file_id = $1',
        [file.id],
      )
      expect(chunks.rows[0]).toEqual({
        n: Math.ceil(bytes.length / chunkBytes),
        largest: chunkBytes,
      })
    }
    // In a bucket: one object, sent in two parts (5 MiB, the rest).
    expect((await storedBytes(file.id))?.equals(bytes)).toBe(true)
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

  it('stores an upload’s body as it arrives (in chunks of 256 KiB, the last a short one), byte for byte', async () => {
    const { browser, requestId } = await client()
    // Eleven chunks, the last a short one; text, so that the sniffer reads to the end.
    const bytes = Buffer.alloc(10 * chunkBytes + 1000, 'chunked notes\n')
    const uploaded = await upload(browser, requestId, 'notes.txt', bytes)
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    const file = uploaded.body.upload as ThreadFile
    const written = await q(
      `SELECT count(*)::int AS chunks, max(length(data))::int AS largest, min(length(data))::int AS last
       FROM thread_file_chunks WHERE file_id = $1`,
      [file.id],
    )
    expect(written.rows[0]).toEqual(
      storage === 'postgres'
        ? { chunks: 11, largest: chunkBytes, last: 1000 }
        : { chunks: 0, largest: null, last: null },
    )
    expect((await storedBytes(file.id))?.equals(bytes)).toBe(true)
    expect(file).toMatchObject({ size: bytes.length, sha256: sha256(bytes) })
  })

  it('removes a file’s bytes with its row, however the row goes (a refused upload, an unsent one cleaned up, a deleted account)', async () => {
    const { browser, requestId } = await client()
    const refused = await upload(browser, requestId, 'tool.pdf', Buffer.from('MZ\x90\x00program'))
    expect(refused.status).toBe(415)
    const waiting = await upload(browser, requestId, 'draft.txt', Buffer.from('Draft\n'))
    expect(waiting.status).toBe(201)
    const sent = await shared(browser, requestId, 'plan.txt', Buffer.from('Plan\n'))
    const waitingId = (waiting.body.upload as ThreadFile).id
    expect(await storedBytes(waitingId)).toEqual(Buffer.from('Draft\n'))
    expect(await storedBytes(sent.id)).toEqual(Buffer.from('Plan\n'))
    // The clean-up's statement for uploads no message sent (its age aside).
    await q('DELETE FROM thread_files WHERE id = $1', [waitingId])
    // The request's owner deletes the account: the request and its files go by cascade.
    await q('DELETE FROM users WHERE id = (SELECT user_id FROM service_requests WHERE id = $1)', [
      requestId,
    ])
    expect(await leftovers()).toEqual([])
    expect((await q('SELECT count(*)::int AS n FROM thread_files_gone')).rows[0].n).toBe(0)
    if (bucket) expect(await bucket.objectOf(sent.id)).toBeUndefined()
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
    // Text named .pdf is stored as .txt; the same name again gets a number in the archive.
    expect((await shared(browser, requestId, 'brief.pdf', notes)).name).toBe('brief.txt')
    await shared(browser, requestId, 'Brief.TXT', notes)
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
    expect(Object.keys(entries)).toEqual([
      'brief.pdf',
      'brief.txt',
      'Brief (2).TXT',
      'propuesta año 2026.txt',
    ])
    expect(entries['brief.pdf']?.equals(pdf)).toBe(true)
    expect(entries['brief.txt']?.equals(notes)).toBe(true)
    expect(entries['Brief (2).TXT']?.equals(notes)).toBe(true)
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
    // The quotes are cleaned at upload (file systems give them a meaning), the rest kept.
    expect(file.name).toBe('Presupuesto _final_ año\u00a02026 – v2.txt')
    expect(disposition).toBe(
      `attachment; filename="Presupuesto _final_ a_o_2026 _ v2.txt"; filename*=UTF-8''Presupuesto%20_final_%20a%C3%B1o%C2%A02026%20%E2%80%93%20v2.txt`,
    )
  })

  /** The entries of a ZIP, by name, read through its central directory as an unzip tool does. */
  function zipEntries(bytes: Buffer): Record<string, Buffer> {
    const end = bytes.length - 22
    expect(bytes.readUInt32LE(end)).toBe(0x06054b50)
    const count = bytes.readUInt16LE(end + 10)
    let at = bytes.readUInt32LE(end + 16)
    const entries: Record<string, Buffer> = {}
    for (let i = 0; i < count; i += 1) {
      const size = bytes.readUInt32LE(at + 20)
      const nameLength = bytes.readUInt16LE(at + 28)
      const local = bytes.readUInt32LE(at + 42)
      const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8')
      const start = local + 30 + bytes.readUInt16LE(local + 26)
      entries[name] = bytes.subarray(start, start + size)
      at += 46 + nameLength
    }
    return entries
  }

  it('stores a name that cannot lie: no bidi override, and the extension of the type recognised, in the inbox, the mail, the ZIP and the download', async () => {
    const { account, browser, requestId } = await client()
    // The agency's mails about the request itself go first: the digest is the one looked for.
    await kit.worker.deliverDue()
    const text = Buffer.from('@echo off\ndel /q *\n')
    // Shown as "Factura_2026…tab.pdf" wherever the override is kept.
    const uploadedByAgency = await upload(admin, requestId, 'Factura_2026\u202Efdp.bat', text)
    expect(uploadedByAgency.status).toBe(201)
    const disguised = uploadedByAgency.body.upload as ThreadFile
    const reply = await admin.post(`/api/v1/admin/service-requests/${requestId}/messages`, {
      body: 'Su factura',
      files: [disguised.id],
    })
    expect(reply.status).toBe(201)
    expect(disguised.name).toBe('Factura_2026fdp.txt')
    expect(disguised.type).toBe('text/plain')
    const scripts = ['run.bat', 'app.js', 'update.hta', 'index.html', 'logo.svg']
    const stored: string[] = []
    const ids: string[] = []
    for (const name of scripts) {
      const uploaded = await upload(browser, requestId, name, text)
      expect(uploaded.status, name).toBe(201)
      const file = uploaded.body.upload as ThreadFile
      stored.push(file.name)
      ids.push(file.id)
    }
    expect(stored).toEqual(['run.txt', 'app.txt', 'update.txt', 'index.txt', 'logo.txt'])
    const sent = await browser.post(`${requestsPath}/${requestId}/messages`, {
      body: 'Scripts',
      files: ids,
    })
    expect(sent.status).toBe(201)

    // The inbox (both sides' view of the thread).
    for (const [who, path] of [
      [browser, `${requestsPath}/${requestId}/messages`],
      [admin, `/api/v1/admin/service-requests/${requestId}/messages`],
    ] as const) {
      const page = (await who.get(path)).body as { messages: { files: ThreadFile[] }[] }
      const names = page.messages.flatMap((message) => message.files.map((file) => file.name))
      expect(names).toEqual(['Factura_2026fdp.txt', ...stored])
    }
    // The download's name.
    const download = await getBytes(
      kit.api.url,
      browser,
      `${requestsPath}/${requestId}/files/${disguised.id}`,
    )
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Factura_2026fdp.txt"; filename*=UTF-8''Factura_2026fdp.txt`,
    )
    for (const [i, id] of ids.entries()) {
      const each = await getBytes(
        kit.api.url,
        admin,
        `/api/v1/admin/service-requests/${requestId}/files/${id}`,
      )
      expect(each.headers.get('content-disposition')).toContain(`filename="${stored[i]}"`)
    }
    // The ZIP's entries.
    const zip = await getBytes(kit.api.url, browser, `${requestsPath}/${requestId}/files.zip`)
    expect(Object.keys(zipEntries(zip.bytes))).toEqual(['Factura_2026fdp.txt', ...stored])
    // The client's digest mail names the agency's file so too.
    const digest = await q(
      `SELECT o.id FROM mail_outbox o JOIN thread_messages m ON m.id = o.thread_message_id
       WHERE m.request_id = $1 AND o.kind = 'thread_digest_client'`,
      [requestId],
    )
    expect(digest.rows).toHaveLength(1)
    await q('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [digest.rows[0].id])
    await kit.worker.deliverDue()
    const mail = await kit.smtp.waitForMail(account.email, 10_000, (caught) =>
      caught.text.includes('Factura_2026'),
    )
    expect(mail.text).toContain('Factura_2026fdp.txt')
    expect(mail.text).not.toContain('\u202E')
    expect(mail.html).toContain('Factura_2026fdp.txt')
  })

  it('cleans what file systems treat specially (controls, `:` and the like, dots at the ends, device names) and refuses only a name with nothing left', async () => {
    const { browser, requestId } = await client('es')
    const text = Buffer.from('Orden del día\n')
    const cases: [string, string][] = [
      ['Acta\u0085final\u009b.txt', 'Acta final.txt'], // C1 controls (NEL, CSI)
      ['Acta\u0007\ttab.txt', 'Acta  tab.txt'], // C0 controls
      ['Notas: martes.txt', 'Notas_ martes.txt'],
      ['a*b?c"d<e>f|g.txt', 'a_b_c_d_e_f_g.txt'],
      ['..\\..\\boot.ini', '_.._boot.txt'],
      ['../../etc/passwd', '_.._etc_passwd.txt'],
      ['  ..oculto.txt. . ', 'oculto.txt'],
      ['CON.txt', '_CON.txt'],
      ['nul', '_nul.txt'],
      ['lpt1.bat', '_lpt1.txt'],
      ['\u2067informe\u2069.csv', 'informe.csv'],
    ]
    for (const [name, safe] of cases) {
      const uploaded = await upload(browser, requestId, name, text)
      expect(uploaded.status, name).toBe(201)
      expect((uploaded.body.upload as ThreadFile).name, JSON.stringify(name)).toBe(safe)
    }
    const stored = await q('SELECT name FROM thread_files WHERE request_id = $1', [requestId])
    for (const row of stored.rows)
      expect(row.name).toMatch(/^[^\p{Cc}\u202a-\u202e\u2066-\u2069/\\:*?"<>|]+$/u)
    for (const name of ['...', ' . ', '\u202E', '\u0085\u0085', 'x'.repeat(201)]) {
      const refused = await upload(browser, requestId, name, text)
      expect(refused.status, JSON.stringify(name)).toBe(400)
      expect(refused.body.fields).toEqual({
        name: 'Ponle al archivo un nombre de 1 a 200 caracteres, que no sean solo puntos o espacios.',
      })
    }
  })

  it('answers a field the upload does not expect in neutral words, in the request’s language', async () => {
    for (const [language, words] of [
      ['en', 'This field is not expected here.'],
      ['es', 'Este campo no se espera aquí.'],
    ] as const) {
      const { browser, requestId } = await client(language)
      const refused = await postBytes(
        kit.api.url,
        browser,
        `${uploadPath(requestId, 'a.txt')}&folder=x`,
        Buffer.from('a\n'),
      )
      expect(refused.status).toBe(400)
      expect(refused.body.fields).toEqual({ folder: words })
    }
  })

  it('counts the uploads still arriving and those waiting for their message against the request’s 100 MB and the uploader’s 20 waiting files', async () => {
    const { browser, requestId } = await client()
    const owner = await q('SELECT user_id FROM service_requests WHERE id = $1', [requestId])
    const message = await q(
      `INSERT INTO thread_messages (request_id, author_id, side, body)
       VALUES ($1, $2, 'client', 'Archive') RETURNING id`,
      [requestId, owner.rows[0].user_id],
    )
    // Sent files leave room for one upload of unknown length (10 MB) and 5,000 bytes.
    await q(
      `INSERT INTO thread_files (request_id, owner_id, message_id, name, size, media_type, sha256, stored_at)
       VALUES ($1, $2, $3, 'archive.pdf', $4, 'application/pdf', '', now())`,
      [
        requestId,
        owner.rows[0].user_id,
        message.rows[0].id,
        threadLimits.requestBytes - threadLimits.fileBytes - 5000,
      ],
    )
    // An upload without a declared length, still arriving: it holds 10 MB of the room.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const arriving = postBytes(
      kit.api.url,
      browser,
      uploadPath(requestId, 'slow.txt'),
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('Slow notes\n'))
          await held
          controller.close()
        },
      }),
    )
    const deadline = Date.now() + 10_000
    for (;;) {
      const open = await q(
        'SELECT count(*)::int AS n FROM thread_files WHERE request_id = $1 AND stored_at IS NULL',
        [requestId],
      )
      if (open.rows[0].n === 1) break
      if (Date.now() > deadline) throw new Error('The slow upload never started')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const piece = Buffer.from(`${'x'.repeat(9999)}\n`)
    const refused = await upload(browser, requestId, 'more.txt', piece)
    expect(refused.status).toBe(413)
    expect(refused.body.code).toBe('quota_exceeded')
    release()
    expect((await arriving).status).toBe(201)
    // Finished, the slow upload holds its 11 bytes only: the piece fits now.
    expect((await upload(browser, requestId, 'more.txt', piece)).status).toBe(201)

    // Twenty-two small uploads at once: twenty wait for their message (with the two above,
    // eighteen of these), the rest are refused.
    const other = await client('es')
    const at = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        upload(other.browser, other.requestId, `nota ${i}.txt`, Buffer.from(`Nota ${i}\n`)),
      ),
    )
    const statuses = at.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(20).fill(201), 413, 413])
    const tooMany = at.find((answer) => answer.status === 413)
    expect(tooMany?.body.message).toBe(
      'Tienes 20 archivos esperando a enviarse en esta solicitud. Envíalos con un mensaje antes de subir más.',
    )
    const waiting = at.filter((answer) => answer.status === 201).slice(0, 5)
    const sent = await other.browser.post(`${requestsPath}/${other.requestId}/messages`, {
      body: 'Notas',
      files: waiting.map((answer) => (answer.body.upload as ThreadFile).id),
    })
    expect(sent.status).toBe(201)
    const again = await upload(other.browser, other.requestId, 'otra.txt', Buffer.from('Otra\n'))
    expect(again.status).toBe(201)
  })

  it('asks an admin for the second factor before an agency-side upload, as the admin gate does', async () => {
    const { requestId } = await client()
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    const passwordOnly = await kit.signedIn(account)
    const refused = await upload(passwordOnly, requestId, 'plan.txt', Buffer.from('Plan\n'))
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('mfa_required')
    const left = await q('SELECT count(*)::int AS n FROM thread_files WHERE request_id = $1', [
      requestId,
    ])
    expect(left.rows[0].n).toBe(0)
  })

  describe('the hour’s upload bytes', () => {
    let budgeted: AccountKit
    const budget = 45_000
    beforeAll(async () => {
      budgeted = await startAccountKit(backend, {
        files: { uploadTo: storage, bucket },
        rateRules: {
          uploadBytesPerAccount: {
            name: 'uploads-budget:account',
            limit: budget,
            windowSeconds: 3600,
          },
        },
      })
    }, 60_000)
    afterAll(async () => {
      await budgeted?.close()
    })

    it('are reserved before the body is read: six uploads at once cannot pass the budget', async () => {
      const { browser, requestId } = await clientWithRequest(budgeted, { brief: cooperativeBrief })
      const piece = Buffer.from(`${'x'.repeat(9999)}\n`)
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          postBytes(budgeted.api.url, browser, uploadPath(requestId, `part ${i}.txt`), piece),
        ),
      )
      // 4 × 10,000 bytes fit in 45,000; a fifth would not.
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 429, 429])
      const pool = budgeted.database.pool
      const stored = await pool.query(
        'SELECT coalesce(sum(size), 0)::int AS bytes FROM thread_files WHERE request_id = $1',
        [requestId],
      )
      expect(stored.rows[0].bytes).toBe(4 * piece.length)
      // What was refused was given back: the hour holds the stored bytes exactly.
      const counted = await pool.query(
        "SELECT hits FROM rate_limits WHERE key LIKE 'uploads-budget:account:%'",
      )
      expect(counted.rows).toEqual([{ hits: 4 * piece.length }])
    })
  })
})
