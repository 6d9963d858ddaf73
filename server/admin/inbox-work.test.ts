import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminServiceRequestList,
  type Enquiry,
  endpoints,
  type ListPage,
  type ServiceRequestSummary,
} from '../../domain/api/api-contract'
import { agencyDay } from '../../domain/requests/proposal-dates'
import { createPool } from '../db/database'
import { migrate, migrations } from '../db/migrate'
import { insertServiceRequest } from '../service-requests/request-store'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { agencyAdmin, type ClientWithRequest, clientWithRequest } from '../test/request-kit'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { requestOrder } from './admin-lists'

/**
 * The inbox as a work surface: every request's number (unique however many instances store
 * requests at once, given to the old ones by the migration, found by the search), the list in
 * the order of the latest activity, its flags (a declined proposal, an answer overdue) and the
 * enquiries sent too fast, kept as likely spam.
 */

const requestsPath = endpoints.adminServiceRequests.path
const enquiriesPath = endpoints.adminEnquiries.path
const agencyYear = () => Number(agencyDay(new Date()).slice(0, 4))
const brief = {
  serviceId: 'iot',
  need: 'Sensors for our greenhouse, with alerts.',
  desiredStart: 'flexible',
  budget: 'not-sure',
} as const
const agencyInbox = { email: 'agency@agency.example', locale: 'es' } as const

describe.each(testBackends())('the inbox as a work surface on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  beforeAll(async () => {
    kit = await startAccountKit(backend)
    ;({ admin } = await agencyAdmin(kit))
  })
  afterAll(async () => {
    await kit?.close()
  })

  const list = async (query = '') => {
    const answer = await admin.get(`${requestsPath}${query}`)
    expect(answer.status).toBe(200)
    return answer.body as unknown as AdminServiceRequestList
  }
  const numberOf = async (client: ClientWithRequest) =>
    (
      (await client.browser.get('/api/v1/me/service-requests')).body
        .requests as ServiceRequestSummary[]
    ).find((request) => request.id === client.requestId)?.number ?? ''

  it('numbers requests uniquely when two pools store them at once, year by year', async () => {
    const { id: userId } = await clientWithRequest(kit)
    const second = createPool(kit.database.connection, 10)
    try {
      const pools = [kit.database.pool, second]
      const made = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          insertServiceRequest(pools[i % 2] ?? second, userId, brief, agencyInbox),
        ),
      )
      const numbers = made.map(({ row }) => row.number)
      expect(new Set(numbers).size).toBe(40)
      const prefix = `PD-${agencyYear()}-`
      for (const number of numbers) expect(number).toMatch(new RegExp(`^${prefix}\\d{4}$`))
      // No failure among them: the counter gave consecutive numbers.
      const counters = numbers.map((number) => Number(number.slice(prefix.length))).sort()
      const sorted = [...counters].sort((a, b) => a - b)
      expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toBe(39)
    } finally {
      await second.end()
    }
  })

  it('shows the number to the client and the agency, and finds a request by it however typed', async () => {
    const client = await clientWithRequest(kit)
    const number = await numberOf(client)
    expect(number).toMatch(/^PD-\d{4}-\d{4}$/)
    const mine = (await client.browser.get('/api/v1/me/service-requests')).body
      .requests as ServiceRequestSummary[]
    expect(mine.map((request) => request.number)).toEqual([number])
    const [, year, counter] = number.split('-')
    for (const typed of [number, `pd-${year}-${Number(counter)}`, `${year} ${counter}`]) {
      const found = await list(`?q=${encodeURIComponent(typed)}`)
      expect(
        found.items.map((item) => item.id),
        typed,
      ).toEqual([client.requestId])
      expect(found.items[0]?.number).toBe(number)
    }
    const detail = await admin.get(
      endpoints.adminServiceRequest.path.replace(':id', client.requestId),
    )
    expect((detail.body.request as ServiceRequestSummary).number).toBe(number)
  })

  it('lists the latest activity first: a message on an older request makes it rise; or by creation', async () => {
    const older = await clientWithRequest(kit)
    const newer = await clientWithRequest(kit)
    const positions = (page: AdminServiceRequestList) =>
      [older, newer].map((client) => page.items.findIndex((item) => item.id === client.requestId))
    const [olderAt, newerAt] = positions(await list())
    expect(newerAt).toBeLessThan(olderAt ?? -1)
    expect(
      (
        await older.browser.post(`/api/v1/me/service-requests/${older.requestId}/messages`, {
          body: 'Any news about our greenhouse?',
        })
      ).status,
    ).toBe(201)
    const [olderNow, newerNow] = positions(await list())
    expect(olderNow).toBe(0)
    expect(newerNow).toBeGreaterThan(0)
    const first = (await list()).items[0]
    expect(first?.lastActivityAt).toBeDefined()
    expect(Date.parse(first?.lastActivityAt ?? '')).toBeGreaterThan(
      Date.parse(first?.createdAt ?? ''),
    )
    // An internal note is not activity the client sees: it moves nothing.
    const note = await admin.post(
      endpoints.sendAdminThreadMessage.path.replace(':id', newer.requestId),
      { body: 'Ask Ana about the sensors.', internal: true },
    )
    expect(note.status).toBe(201)
    expect(positions(await list())[0]).toBe(0)
    // A status change is activity.
    const changed = await admin.post(
      endpoints.changeRequestStatus.path.replace(':id', newer.requestId),
      { to: 'inReview', note: '' },
    )
    expect(changed.status).toBe(200)
    expect(positions(await list())[1]).toBe(0)
    // By creation, the newer first whatever happened since.
    const [olderByCreation, newerByCreation] = positions(await list('?sort=created'))
    expect(newerByCreation).toBeLessThan(olderByCreation ?? -1)
    expect((await admin.get(`${requestsPath}?sort=oldest`)).status).toBe(400)
  })

  it('reads a page in either order from its index, without sorting every request', async () => {
    const client = await kit.database.pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('SET LOCAL enable_seqscan = off')
      for (const [sort, index] of [
        ['', 'service_requests_activity_idx'],
        ['created', 'service_requests_created_at_idx'],
      ] as const) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT r.id FROM service_requests r ORDER BY ${requestOrder({ sort })}
           LIMIT 25 OFFSET 50`,
        )
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
        expect(plan, sort).toContain(index)
        expect(plan, sort).not.toMatch(/Sort/)
      }
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
  })

  it("flags a declined proposal and the client's message unanswered past the next business day", async () => {
    const client = await clientWithRequest(kit)
    await kit.database.pool.query(
      `INSERT INTO proposals (request_id, version, state, title, items, subtotal, iva_percent, iva,
         total, valid_until, closed_at)
       VALUES ($1, 1, 'declined', 'Greenhouse sensors', '[]', 1000, 16, 160, 1160, '2099-01-01', now())`,
      [client.requestId],
    )
    const sent = await client.browser.post(
      `/api/v1/me/service-requests/${client.requestId}/messages`,
      { body: 'Could you lower the price?' },
    )
    expect(sent.status).toBe(201)
    const row = async () => (await list()).items.find((item) => item.id === client.requestId)
    expect(await row()).toMatchObject({
      proposalDeclined: true,
      awaitingReply: true,
      answerOverdue: false,
    })
    // Sent four days ago: whatever the weekday, the next business day is over.
    await kit.database.pool.query(
      `UPDATE thread_messages SET created_at = $2::timestamptz - interval '4 days'
       WHERE request_id = $1`,
      [client.requestId, kit.now()],
    )
    expect(await row()).toMatchObject({ awaitingReply: true, answerOverdue: true })
    // The agency answers: nothing overdue; a revised proposal: no longer declined.
    const reply = await admin.post(
      endpoints.sendAdminThreadMessage.path.replace(':id', client.requestId),
      { body: 'We will send a revised proposal.' },
    )
    expect(reply.status).toBe(201)
    await kit.database.pool.query(
      `INSERT INTO proposals (request_id, version, title, items, subtotal, iva_percent, iva,
         total, valid_until)
       VALUES ($1, 2, 'Greenhouse sensors, revised', '[]', 900, 16, 144, 1044, '2099-01-01')`,
      [client.requestId],
    )
    expect(await row()).toMatchObject({
      proposalDeclined: false,
      awaitingReply: false,
      answerOverdue: false,
    })
  })

  it('keeps an enquiry sent too fast as likely spam: flagged, filterable, not mailed', async () => {
    const visitor = new ApiClient(kit.api.url)
    const email = `fast.${crypto.randomUUID()}@example.com`
    const sent = await visitor.post(endpoints.contact.path, {
      name: 'Fast Visitor',
      email,
      phone: '',
      company: '',
      service: '',
      budget: 'not-sure',
      message: 'A message long enough to be stored, sent by a script.',
      consent: true,
      website: '',
      elapsedMs: 200,
    })
    expect(sent.status).toBe(201)
    const enquiries = async (query: string) =>
      ((await admin.get(`${enquiriesPath}${query}`)).body as unknown as ListPage<Enquiry>).items
    const [spam] = await enquiries(`?spam=yes&q=${encodeURIComponent(email)}`)
    expect(spam).toMatchObject({ email, likelySpam: true })
    expect(await enquiries(`?spam=no&q=${encodeURIComponent(email)}`)).toEqual([])
    expect(await enquiries(`?q=${encodeURIComponent(email)}`)).toHaveLength(1)
    const { rows } = await kit.database.pool.query(
      'SELECT count(*)::int AS n FROM mail_outbox WHERE enquiry_id = $1',
      [spam?.id],
    )
    expect(rows[0].n).toBe(0)
  })
})

describe.each(testBackends())('the request numbers migration on $name', (backend) => {
  let database: TestDatabase
  const year = agencyYear()
  beforeAll(async () => {
    database = await createTestDatabase(backend, 2, {
      before: '_request_numbers_activity_spam',
      all: migrations,
    })
    const pool = database.pool
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
         neighborhood, municipality, postal_code, city, country, gender, birth_date)
       VALUES ('old@example.com', 'x', 'A', 'B', '5512345678', 'Calle', '1', 'Centro', 'M',
         '01000', 'C', 'MX', 'Female', '1990-01-01') RETURNING id`,
    )
    // Last year's two requests, this year's three (one at 23:30 on 31 December in Mexico City,
    // already next year in UTC: it belongs to last year).
    await pool.query(
      `INSERT INTO service_requests (id, user_id, service_id, need, desired_start, budget, created_at)
       VALUES
         ('00000000-0000-4000-8000-000000000001', $1, 'iot', 'need', 'flexible', 'not-sure', $2),
         ('00000000-0000-4000-8000-000000000002', $1, 'iot', 'need', 'flexible', 'not-sure', $3),
         ('00000000-0000-4000-8000-000000000003', $1, 'iot', 'need', 'flexible', 'not-sure', $4),
         ('00000000-0000-4000-8000-000000000004', $1, 'iot', 'need', 'flexible', 'not-sure', $5),
         ('00000000-0000-4000-8000-000000000005', $1, 'iot', 'need', 'flexible', 'not-sure', $6)`,
      [
        rows[0]?.id,
        `${year - 1}-03-01T12:00:00Z`,
        `${year}-01-01T05:30:00Z`,
        `${year}-01-02T12:00:00Z`,
        `${year}-01-03T12:00:00Z`,
        `${year}-01-04T12:00:00Z`,
      ],
    )
    // Activity after creation: a client's message on the first, an internal note on the
    // second (not activity), a status change on the third.
    await pool.query(
      `INSERT INTO thread_messages (request_id, side, internal, body, created_at) VALUES
         ('00000000-0000-4000-8000-000000000001', 'client', false, 'Hello', $1),
         ('00000000-0000-4000-8000-000000000002', 'agency', true, 'Note', $1)`,
      [`${year}-02-01T12:00:00Z`],
    )
    await pool.query(
      `INSERT INTO service_request_history (request_id, from_status, to_status, by_role, created_at)
       VALUES ('00000000-0000-4000-8000-000000000003', 'received', 'inReview', 'agency', $1)`,
      [`${year}-02-02T12:00:00Z`],
    )
    expect((await migrate(pool)).at(0)).toMatch(/_request_numbers_activity_spam$/)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('numbers the existing requests per year in creation order, and dates their last activity', async () => {
    const { rows } = await database.pool.query<{
      id: string
      number: string
      last_activity_at: Date
    }>('SELECT id, number, last_activity_at FROM service_requests ORDER BY id')
    expect(rows.map((row) => [row.id.slice(-1), row.number])).toEqual([
      ['1', `PD-${year - 1}-0001`],
      ['2', `PD-${year - 1}-0002`],
      ['3', `PD-${year}-0001`],
      ['4', `PD-${year}-0002`],
      ['5', `PD-${year}-0003`],
    ])
    expect(rows.map((row) => row.last_activity_at.toISOString())).toEqual([
      `${year}-02-01T12:00:00.000Z`,
      `${year}-01-01T05:30:00.000Z`,
      `${year}-02-02T12:00:00.000Z`,
      `${year}-01-03T12:00:00.000Z`,
      `${year}-01-04T12:00:00.000Z`,
    ])
  })

  it("then goes on from this year's last number", async () => {
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM users')
    const made = await insertServiceRequest(database.pool, rows[0]?.id ?? '', brief, agencyInbox)
    expect(made.row.number).toBe(`PD-${year}-0004`)
  })
})
