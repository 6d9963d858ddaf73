import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminServiceRequestListItem,
  AgencyThreadMessage,
  MyServiceRequest,
  ThreadFile,
  ThreadMessage,
  ThreadReadMark,
} from '../../domain/api/api-contract'
import { notificationPayload, parseNotification, threadChannel } from '../live/thread-events'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { getBytes, openEventStream, postBytes } from '../test/event-stream'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { samplePdf } from '../test/sample-files'
import { testBackends } from '../test/test-database'

const agencyEmail = 'workspace@agency.example'
const requestsPath = '/api/v1/me/service-requests'
const missingId = '00000000-0000-4000-8000-000000000000'
const minute = 60_000

type Page<M> = {
  messages: M[]
  olderCursor: string | null
  newCount: number
  seen: ThreadReadMark | null
}

describe.each(testBackends())('a request’s workspace on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  let adminId: string

  beforeAll(async () => {
    kit = await startAccountKit(backend, {
      agencyEmail,
      rateRules: {
        threadMessagesPerAccount: { name: 'messages-test:account', limit: 12, windowSeconds: 60 },
        uploadBytesPerAccount: { name: 'uploads-test:account', limit: 4096, windowSeconds: 3600 },
      },
    })
    const agency = await agencyAdmin(kit)
    admin = agency.admin
    adminId = agency.adminId
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const q = (sql: string, values: unknown[] = []) => kit.database.pool.query(sql, values)

  const client = (language: 'en' | 'es' = 'en') => clientWithRequest(kit, { language })

  const threadPath = (requestId: string, rest = 'messages') =>
    `${requestsPath}/${requestId}/${rest}`
  const adminThreadPath = (requestId: string, rest = 'messages') =>
    `/api/v1/admin/service-requests/${requestId}/${rest}`

  async function upload(browser: ApiClient, requestId: string, name: string, bytes: Buffer) {
    return postBytes(
      kit.api.url,
      browser,
      `/api/v1/me/uploads?request=${requestId}&name=${encodeURIComponent(name)}`,
      bytes,
    )
  }

  it('keeps one thread per request: the client writes, the agency replies and notes; the client never sees a note', async () => {
    const { browser, id, requestId } = await client('es')
    const sent = await browser.post(threadPath(requestId), {
      body: '¿Pueden usar nuestro logo?\r\nLo adjunto después.',
    })
    expect(sent.status).toBe(201)
    expect(sent.body.message).toBe('Tu mensaje fue enviado.')
    const mine = sent.body.threadMessage as ThreadMessage
    expect(mine).toMatchObject({
      side: 'client',
      mine: true,
      body: '¿Pueden usar nuestro logo?\nLo adjunto después.',
      files: [],
      isNew: false,
    })
    expect(Object.keys(mine).sort()).toEqual(
      [
        'authorId',
        'authorName',
        'body',
        'createdAt',
        'files',
        'id',
        'isNew',
        'mine',
        'side',
      ].sort(),
    )

    const note = await admin.post(adminThreadPath(requestId), {
      body: 'Client prefers blue. Ask Ana about the budget.',
      internal: true,
    })
    expect(note.status).toBe(201)
    expect(note.body.threadMessage).toMatchObject({ side: 'agency', internal: true, mine: true })
    const reply = await admin.post(adminThreadPath(requestId), { body: 'Sí, claro. Envíalo aquí.' })
    expect(reply.status).toBe(201)

    const clientPage = (await browser.get(threadPath(requestId))).body as Page<ThreadMessage>
    expect(clientPage.messages.map((m) => [m.side, m.body, m.isNew])).toEqual([
      ['client', '¿Pueden usar nuestro logo?\nLo adjunto después.', false],
      ['agency', 'Sí, claro. Envíalo aquí.', true],
    ])
    expect(clientPage.newCount).toBe(1)
    expect(JSON.stringify(clientPage)).not.toContain('Ana')
    for (const message of clientPage.messages) expect(message).not.toHaveProperty('internal')
    // The client reads the first names (the agency's person's and their own), nothing more.
    expect(clientPage.messages.map((m) => [m.authorName, m.authorId])).toEqual([
      ['Marta', id],
      ['Marta', adminId],
    ])
    expect(JSON.stringify(clientPage)).not.toContain('Ibáñez')
    expect(JSON.stringify(clientPage)).not.toContain('@')

    const agencyPage = (await admin.get(adminThreadPath(requestId)))
      .body as Page<AgencyThreadMessage>
    expect(agencyPage.messages.map((m) => [m.side, m.internal, m.authorName, m.isNew])).toEqual([
      ['client', false, 'Marta Ibáñez', true],
      ['agency', true, 'Marta Ibáñez', false],
      ['agency', false, 'Marta Ibáñez', false],
    ])
    expect(agencyPage.newCount).toBe(1)
    expect(
      await q('SELECT count(*)::int AS n FROM thread_messages WHERE author_id = $1', [id]),
    ).toMatchObject({ rows: [{ n: 1 }] })
  })

  it('answers the same 404 for another client’s request, a missing one and a malformed id, on every endpoint', async () => {
    const owner = await client()
    const other = await client()
    const file = await upload(owner.browser, owner.requestId, 'plan.pdf', samplePdf())
    expect(file.status).toBe(201)
    const fileId = (file.body.upload as ThreadFile).id
    expect(
      (await owner.browser.post(threadPath(owner.requestId), { body: 'Plan', files: [fileId] }))
        .status,
    ).toBe(201)

    const answers: Record<string, unknown>[] = []
    for (const requestId of [owner.requestId, missingId, 'not-a-uuid']) {
      const reads = [
        await other.browser.get(threadPath(requestId)),
        await other.browser.get(threadPath(requestId, `files/${fileId}`)),
      ]
      const writes = [
        await other.browser.post(threadPath(requestId), { body: 'Hola' }),
        await other.browser.post(threadPath(requestId, 'read'), { upTo: '1' }),
        await upload(other.browser, requestId, 'x.pdf', samplePdf()),
      ]
      const stream = await openEventStream(
        kit.api.url,
        other.browser,
        threadPath(requestId, 'events'),
      )
      stream.close()
      expect(stream.status).toBe(404)
      for (const answer of [...reads, ...writes]) {
        expect(answer.status).toBe(404)
        answers.push(answer.body)
      }
    }
    // The owner's own file through another of the owner's… none: a file id under the wrong
    // request is the same 404 too.
    const elsewhere = await owner.browser.get(threadPath(other.requestId, `files/${fileId}`))
    expect(elsewhere.status).toBe(404)
    const wrongRequest = await getBytes(
      kit.api.url,
      owner.browser,
      threadPath(owner.requestId, `files/${missingId}`),
    )
    expect(wrongRequest.status).toBe(404)
    // One body for "not yours" and "does not exist" (per endpoint family).
    expect(new Set(answers.map((body) => body.code))).toEqual(new Set(['not_found']))
    const messages = new Set(answers.map((body) => body.message))
    expect(messages.size).toBeLessThanOrEqual(2) // the request's 404 and the file's 404

    // The agency's side: 403 for a client, 401 without a session, 404 for a missing request.
    for (const path of [
      adminThreadPath(owner.requestId),
      adminThreadPath(owner.requestId, `files/${fileId}`),
      adminThreadPath(owner.requestId, 'events'),
      '/api/v1/admin/inbox-summary',
      '/api/v1/admin/events',
    ]) {
      expect((await owner.browser.get(path)).status, path).toBe(403)
    }
    expect((await owner.browser.post(adminThreadPath(owner.requestId), { body: 'x' })).status).toBe(
      403,
    )
    expect(
      (await owner.browser.post(adminThreadPath(owner.requestId, 'read'), { upTo: '1' })).status,
    ).toBe(403)
    expect((await admin.get(adminThreadPath(missingId))).status).toBe(404)
    expect((await admin.get(adminThreadPath(owner.requestId, `files/${missingId}`))).status).toBe(
      404,
    )
    const anonymous = await getBytes(
      kit.api.url,
      { baseHeaders: () => ({}) } as ApiClient,
      threadPath(owner.requestId),
    )
    expect(anonymous.status).toBe(401)
  })

  it('refuses every change without the XSRF token', async () => {
    const { browser, requestId } = await client()
    for (const answer of [
      await browser.post(threadPath(requestId), { body: 'Hola' }, { xsrf: false }),
      await browser.post(threadPath(requestId, 'read'), { upTo: '1' }, { xsrf: false }),
      await admin.post(adminThreadPath(requestId), { body: 'Hola' }, { xsrf: false }),
      await postBytes(
        kit.api.url,
        browser,
        `/api/v1/me/uploads?request=${requestId}&name=a.pdf`,
        samplePdf(),
        { 'x-xsrf-token': 'forged' },
      ),
    ]) {
      expect(answer.status).toBe(403)
      expect(answer.body.code).toBe('xsrf_failed')
    }
    expect(
      await q(
        'SELECT count(*)::int AS n FROM thread_messages m JOIN service_requests r ON r.id = m.request_id WHERE r.id = $1',
        [requestId],
      ),
    ).toMatchObject({ rows: [{ n: 0 }] })
  })

  it('validates a message: 1–10,000 characters, at most 5 of the author’s own unsent uploads; no internal flag from a client', async () => {
    const { browser, requestId } = await client('es')
    const empty = await browser.post(threadPath(requestId), { body: '  \n ' })
    expect(empty.status).toBe(400)
    expect(empty.body.fields).toHaveProperty('body')
    const long = await browser.post(threadPath(requestId), { body: 'a'.repeat(10_001) })
    expect(long.status).toBe(400)
    expect((await browser.post(threadPath(requestId), { body: 'a'.repeat(10_000) })).status).toBe(
      201,
    )
    const flagged = await browser.post(threadPath(requestId), { body: 'Hola', internal: true })
    expect(flagged.status).toBe(400)
    expect(flagged.body.fields).toHaveProperty('internal')

    const six = Array.from({ length: 6 }, () => missingId.replace(/0$/, '1'))
    expect((await browser.post(threadPath(requestId), { body: 'x', files: six })).status).toBe(400)
    // Another account's upload, or one for another request, is not the author's to send.
    const other = await client()
    const theirs = await upload(other.browser, other.requestId, 'a.pdf', samplePdf())
    const refused = await browser.post(threadPath(requestId), {
      body: 'x',
      files: [(theirs.body.upload as ThreadFile).id],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.fields).toEqual({
      files: 'Este adjunto ya no está disponible: quítalo y súbelo de nuevo.',
    })
    const mine = await upload(browser, requestId, 'b.pdf', samplePdf())
    const fileId = (mine.body.upload as ThreadFile).id
    // Unsent, it is nobody's to download yet.
    expect((await admin.get(adminThreadPath(requestId, `files/${fileId}`))).status).toBe(404)
    expect((await browser.post(threadPath(requestId), { body: 'x', files: [fileId] })).status).toBe(
      201,
    )
    // Sent once, it cannot be sent again.
    expect((await browser.post(threadPath(requestId), { body: 'x', files: [fileId] })).status).toBe(
      400,
    )
  })

  it('pages a long thread newest page first, each page oldest first, with a cursor to the older ones', async () => {
    const { browser, id, requestId } = await client()
    await q(
      `INSERT INTO thread_messages (request_id, author_id, side, body)
       SELECT $1, $2, 'client', 'Message ' || n FROM generate_series(1, 120) AS n`,
      [requestId, id],
    )
    const bodies: string[] = []
    let cursor: string | null = ''
    const pages: number[] = []
    while (cursor !== null) {
      const answer = await browser.get(
        `${threadPath(requestId)}${cursor === '' ? '' : `?before=${cursor}`}`,
      )
      expect(answer.status).toBe(200)
      const page = answer.body as Page<ThreadMessage>
      pages.push(page.messages.length)
      bodies.unshift(...page.messages.map((m) => m.body))
      cursor = page.olderCursor
    }
    expect(pages).toEqual([50, 50, 20])
    expect(bodies).toEqual(Array.from({ length: 120 }, (_, i) => `Message ${i + 1}`))
    expect((await browser.get(`${threadPath(requestId)}?before=abc`)).status).toBe(400)
  })

  it('counts new messages per reader until they mark the thread read; the inbox counts the threads awaiting a reply', async () => {
    const { browser, requestId } = await client()
    const before = (await admin.get('/api/v1/admin/inbox-summary')).body.unansweredThreads as number
    for (const body of ['One', 'Two', 'Three'])
      expect((await browser.post(threadPath(requestId), { body })).status).toBe(201)
    const summary = await admin.get('/api/v1/admin/inbox-summary')
    expect(summary.body).toEqual({ success: true, unansweredThreads: before + 1 })

    const listed = async (query = '') => {
      const answer = await admin.get(`/api/v1/admin/service-requests${query}`)
      expect(answer.status).toBe(200)
      return answer.body.items as AdminServiceRequestListItem[]
    }
    expect((await listed()).find((item) => item.id === requestId)).toMatchObject({
      newMessages: 3,
      awaitingReply: true,
    })
    expect((await listed('?awaiting=yes')).map((item) => item.id)).toContain(requestId)

    const page = (await admin.get(adminThreadPath(requestId))).body as Page<AgencyThreadMessage>
    const second = page.messages[1]?.id ?? ''
    expect((await admin.post(adminThreadPath(requestId, 'read'), { upTo: second })).status).toBe(
      204,
    )
    expect((await listed()).find((item) => item.id === requestId)?.newMessages).toBe(1)
    // A mark never moves back, nor past the thread's newest message.
    await admin.post(adminThreadPath(requestId, 'read'), { upTo: '1' })
    await admin.post(adminThreadPath(requestId, 'read'), { upTo: '999999999999' })
    const marks = await q('SELECT up_to FROM thread_reads WHERE user_id = $1 AND request_id = $2', [
      adminId,
      requestId,
    ])
    expect(String(marks.rows[0]?.up_to)).toBe(page.messages[2]?.id)

    // An internal note is no answer; a reply is.
    await admin.post(adminThreadPath(requestId), { body: 'Note', internal: true })
    expect((await listed('?awaiting=yes')).map((item) => item.id)).toContain(requestId)
    await admin.post(adminThreadPath(requestId), { body: 'Reply' })
    expect((await listed('?awaiting=yes')).map((item) => item.id)).not.toContain(requestId)
    expect((await admin.get('/api/v1/admin/inbox-summary')).body.unansweredThreads).toBe(before)

    const mine = (await browser.get(requestsPath)).body.requests as MyServiceRequest[]
    expect(mine.find((request) => request.id === requestId)?.newMessages).toBe(1)
    const clientPage = (await browser.get(threadPath(requestId))).body as Page<ThreadMessage>
    const newest = clientPage.messages.at(-1)?.id ?? ''
    expect((await browser.post(threadPath(requestId, 'read'), { upTo: newest })).status).toBe(204)
    const after = (await browser.get(requestsPath)).body.requests as MyServiceRequest[]
    expect(after.find((request) => request.id === requestId)?.newMessages).toBe(0)
  })

  it('tells the other side’s streams of a read mark in the format a new message’s notice has (notificationPayload), never a note’s id to the client', async () => {
    const { browser, requestId } = await client()
    const question = await browser.post(threadPath(requestId), { body: 'Is the draft ready?' })
    expect(question.status).toBe(201)
    const noted = await admin.post(adminThreadPath(requestId), {
      body: 'Check with design first.',
      internal: true,
    })
    expect(noted.status).toBe(201)
    const noteId = (noted.body.threadMessage as AgencyThreadMessage).id
    const listener = await kit.database.pool.connect()
    const payloads: string[] = []
    listener.on('notification', (notice) => {
      if (notice.channel === threadChannel && notice.payload) payloads.push(notice.payload)
    })
    try {
      await listener.query(`LISTEN ${threadChannel}`)
      const read = await admin.post(adminThreadPath(requestId, 'read'), { upTo: noteId })
      expect(read.status).toBe(204)
      const deadline = Date.now() + 5000
      const ofThisThread = () => payloads.find((payload) => payload.includes(requestId))
      while (!ofThisThread() && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      const payload = ofThisThread() ?? ''
      const event = parseNotification(payload)
      expect(event).toEqual({
        kind: 'read',
        requestId,
        side: 'agency',
        upTo: noteId,
        publicUpTo: (question.body.threadMessage as ThreadMessage).id,
      })
      // Written by the one function every notification of the channel is written by.
      expect(event && notificationPayload(event)).toBe(payload)
    } finally {
      await listener.query(`UNLISTEN ${threadChannel}`).catch(() => undefined)
      listener.release()
    }
  })

  it('tells each side how far the other has read (seen): the client the agency’s furthest reader, never past a message it may see', async () => {
    const { browser, requestId } = await client()
    // Another of the agency's people, named as the client reads them (their first name only).
    const { admin: ana, adminId: anaId } = await agencyAdmin(kit)
    await q(`UPDATE users SET name = 'Ana', last_name = 'Robles' WHERE id = $1`, [anaId])
    const question = await browser.post(threadPath(requestId), { body: 'Is the draft ready?' })
    const questionId = (question.body.threadMessage as ThreadMessage).id
    const clientPage = async () =>
      (await browser.get(threadPath(requestId))).body as Page<ThreadMessage>
    const agencySeen = async () =>
      ((await admin.get(adminThreadPath(requestId))).body as Page<AgencyThreadMessage>).seen
    expect((await clientPage()).seen).toBeNull()
    expect(await agencySeen()).toBeNull()

    const note = await ana.post(adminThreadPath(requestId), { body: 'Ask design', internal: true })
    const noteId = (note.body.threadMessage as AgencyThreadMessage).id
    expect((await ana.post(adminThreadPath(requestId, 'read'), { upTo: noteId })).status).toBe(204)
    expect((await admin.post(adminThreadPath(requestId, 'read'), { upTo: '1' })).status).toBe(204)
    const seen = (await clientPage()).seen
    // The note's id stays the agency's: the client reads its own question as the mark.
    expect(seen?.upTo).toBe(questionId)
    expect(new Date(seen?.at ?? '').toISOString()).toBe(seen?.at)
    // The agency's own marks are not the client's: the client has not read yet.
    expect(await agencySeen()).toBeNull()

    const reply = await ana.post(adminThreadPath(requestId), { body: 'Tomorrow.' })
    const replyId = (reply.body.threadMessage as AgencyThreadMessage).id
    expect((await browser.post(threadPath(requestId, 'read'), { upTo: replyId })).status).toBe(204)
    expect((await agencySeen())?.upTo).toBe(replyId)
    const read = await clientPage()
    expect(read.seen?.upTo).toBe(questionId)
    expect(read.messages.at(-1)).toMatchObject({ authorName: 'Ana', authorId: anaId })
    expect(JSON.stringify(read)).not.toContain('Robles')
  })

  it('limits the messages an account sends a minute and the bytes it uploads an hour (429)', async () => {
    const { browser, requestId } = await client()
    let status = 201
    let sent = 0
    while (status === 201 && sent < 20) {
      status = (await browser.post(threadPath(requestId), { body: `Message ${sent}` })).status
      if (status === 201) sent += 1
    }
    expect(sent).toBe(12)
    expect(status).toBe(429)

    const other = await client()
    const piece = Buffer.from(`${'x'.repeat(2000)}\n`)
    expect((await upload(other.browser, other.requestId, 'a.txt', piece)).status).toBe(201)
    expect((await upload(other.browser, other.requestId, 'b.txt', piece)).status).toBe(201)
    const refused = await upload(other.browser, other.requestId, 'c.txt', piece)
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('rate_limited')
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('mails the other side one digest for the messages of five minutes, in their language, never about their own message or a note', async () => {
    const { account, browser, requestId } = await client('es')
    const digests = (kind: string) =>
      q(
        `SELECT o.id, o.status, o.recipient, o.next_attempt_at FROM mail_outbox o
         JOIN thread_messages m ON m.id = o.thread_message_id
         WHERE m.request_id = $1 AND o.kind = $2 ORDER BY o.id`,
        [requestId, kind],
      )
    // The request's own mails are sent first: no delivery round runs while the messages are
    // written (the worker only runs when told), so none claims a digest that is still collecting.
    await kit.worker.deliverDue()
    // The API's clock starts ten minutes back: the first digest is due (by the database's
    // clock, which the outbox worker reads) by the time the test looks; the second is not.
    kit.advance(-10 * minute)
    let thirdSentBetween: [number, number] = [0, 0]
    try {
      await admin.post(adminThreadPath(requestId), { body: 'Primera respuesta' })
      kit.advance(2 * minute)
      await admin.post(adminThreadPath(requestId), { body: 'Nota', internal: true })
      await admin.post(adminThreadPath(requestId), { body: 'Segunda respuesta' })
      kit.advance(4 * minute) // six minutes after the first: a digest of its own
      const before = kit.now().getTime()
      await admin.post(adminThreadPath(requestId), { body: 'Tercera respuesta' })
      thirdSentBetween = [before, kit.now().getTime()]
    } finally {
      kit.advance(4 * minute)
    }
    const rows = (await digests('thread_digest_client')).rows
    expect(rows).toHaveLength(2)
    expect(rows.map((row) => row.recipient)).toEqual([account.email, account.email])
    // Due five minutes after the third message by the API's clock.
    const due = new Date(rows[1].next_attempt_at).getTime()
    expect(due).toBeGreaterThanOrEqual(thirdSentBetween[0] + 5 * minute)
    expect(due).toBeLessThanOrEqual(thirdSentBetween[1] + 5 * minute)
    // The agency wrote: nothing for the agency.
    expect((await digests('thread_digest_agency')).rows).toHaveLength(0)

    await kit.worker.deliverDue()
    const mail = await kit.smtp.waitForMail(account.email, 10_000, (m) =>
      m.subject.includes('mensajes'),
    )
    expect(mail.subject).toBe('2 mensajes nuevos sobre tu solicitud – Puente Digital')
    expect(mail.text).toContain('Primera respuesta')
    expect(mail.text).toContain('Segunda respuesta')
    expect(mail.text).not.toContain('Nota')
    expect(mail.text).not.toContain('Tercera respuesta')
    expect(mail.text).toContain(`${kit.publicUrl}/my-services/${requestId}`)

    // The client reads the thread before the second digest is due: it is not sent.
    const page = (await browser.get(threadPath(requestId))).body as Page<ThreadMessage>
    await browser.post(threadPath(requestId, 'read'), { upTo: page.messages.at(-1)?.id ?? '' })
    await q('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [rows[1].id])
    await kit.worker.deliverDue()
    expect((await digests('thread_digest_client')).rows.map((row) => row.status)).toEqual([
      'sent',
      'dropped',
    ])

    // The client writes: the agency's digest, to AGENCY_EMAIL, in AGENCY_LANGUAGE (Spanish), with
    // the inbox's link; nothing for the client about their own message.
    await browser.post(threadPath(requestId), { body: 'Gracias, aquí va el logo.' })
    const agency = (await digests('thread_digest_agency')).rows
    expect(agency).toHaveLength(1)
    expect(agency[0].recipient).toBe(agencyEmail)
    await q('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [agency[0].id])
    await kit.worker.deliverDue()
    const agencyMail = await kit.smtp.waitForMail(agencyEmail, 10_000, (m) =>
      m.text.includes('aquí va el logo'),
    )
    expect(agencyMail.subject).toBe('Nuevo mensaje de Marta Ibáñez')
    expect(agencyMail.text).toContain(`${kit.publicUrl}/admin?id=${requestId}`)
    expect((await digests('thread_digest_client')).rows).toHaveLength(2)
  })

  it('mails nobody who has the thread open, on any instance', async () => {
    const { browser, requestId } = await client()
    const stream = await openEventStream(kit.api.url, browser, threadPath(requestId, 'events'))
    try {
      expect(stream.status).toBe(200)
      await admin.post(adminThreadPath(requestId), { body: 'You are here' })
      await stream.next((event) => event.event === 'message')
      const rows = await q(
        `SELECT count(*)::int AS n FROM mail_outbox o JOIN thread_messages m ON m.id = o.thread_message_id
         WHERE m.request_id = $1`,
        [requestId],
      )
      expect(rows.rows[0].n).toBe(0)
    } finally {
      stream.close()
    }
  })

  it('exports the client’s messages and their files’ names, sizes and checksums, never a note; deleting the account deletes them', async () => {
    const { account, browser, id, requestId } = await client()
    const pdf = samplePdf()
    const file = await upload(browser, requestId, 'Presupuesto año 2026.pdf', pdf)
    await browser.post(threadPath(requestId), {
      body: 'Here it is',
      files: [(file.body.upload as ThreadFile).id],
    })
    await admin.post(adminThreadPath(requestId), { body: 'Secret pricing note', internal: true })
    await admin.post(adminThreadPath(requestId), { body: 'Thanks!' })
    const exported = await browser.get('/api/v1/me/export')
    expect(exported.status).toBe(200)
    const text = JSON.stringify(exported.body)
    expect(text).not.toContain('Secret pricing note')
    const stored = exported.body.stored as { messages: unknown[] }
    expect(stored.messages).toEqual([
      {
        requestId,
        side: 'client',
        body: 'Here it is',
        createdAt: expect.any(String),
        files: [
          {
            name: 'Presupuesto año 2026.pdf',
            size: pdf.length,
            sha256: createHash('sha256').update(pdf).digest('hex'),
          },
        ],
      },
      { requestId, side: 'agency', body: 'Thanks!', createdAt: expect.any(String), files: [] },
    ])

    const deleted = await browser.send('DELETE', '/api/v1/me', { password: account.password })
    expect(deleted.status).toBe(200)
    for (const table of ['thread_messages', 'thread_files', 'thread_reads', 'thread_watchers']) {
      const left = await q(`SELECT count(*)::int AS n FROM ${table} WHERE request_id = $1`, [
        requestId,
      ])
      expect(left.rows[0].n, table).toBe(0)
    }
    const chunks = await q(
      'SELECT count(*)::int AS n FROM thread_file_chunks c LEFT JOIN thread_files f ON f.id = c.file_id WHERE f.id IS NULL',
    )
    expect(chunks.rows[0].n).toBe(0)
    expect(await q('SELECT count(*)::int AS n FROM users WHERE id = $1', [id])).toMatchObject({
      rows: [{ n: 0 }],
    })
  })
})
