import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminServiceRequest,
  ServiceRequestSummary,
  StoredAccountData,
} from '../../domain/api/api-contract'
import { budgetRanges, desiredStarts } from '../../domain/leads/lead-options'
import { createServiceRequestSchema } from '../../domain/requests/request-schemas'
import { type RequestStatus, requestStatuses } from '../../domain/requests/request-status'
import { serviceIds } from '../../domain/services/service-table'
import { changeEvent } from '../../machines/service-request-machine'
import { translator } from '../i18n/server-i18n'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { ApiClient, startApi } from '../test/api-harness'
import { agencyAdmin, signedInClient } from '../test/request-kit'
import { testBackends } from '../test/test-database'

const agencyEmail = 'requests@agency.example'
const requestsPath = '/api/v1/me/service-requests'
const myServices = 'https://agency.example/my-services'
const inboxEntry = (requestId: string) => `https://agency.example/admin?id=${requestId}`

function brief(overrides: Record<string, unknown> = {}) {
  return {
    serviceId: 'e-commerce',
    need: 'An online shop for our coffee roastery,\nwith delivery in Puebla.',
    desiredStart: 'within-1-month',
    budget: '25k-75k',
    ...overrides,
  }
}

describe('the service-request schema', () => {
  const schema = createServiceRequestSchema(translator('es'))
  it('accepts every well-formed brief and refuses unknown choices per field', () => {
    fc.assert(
      fc.property(
        fc.record({
          serviceId: fc.constantFrom(...serviceIds),
          need: fc
            .string({ unit: 'grapheme-ascii', minLength: 20, maxLength: 300 })
            .filter((text) => text.trim().length >= 20),
          desiredStart: fc.constantFrom(...desiredStarts),
          budget: fc.constantFrom(...budgetRanges),
        }),
        (input) => {
          expect(v.safeParse(schema, input).success).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
    for (const [change, field] of [
      [{ serviceId: 'time-travel' }, 'serviceId'],
      [{ need: 'Too short.' }, 'need'],
      [{ desiredStart: 'yesterday' }, 'desiredStart'],
      [{ budget: 'a lot' }, 'budget'],
      [{ status: 'delivered' }, 'status'],
    ] as const) {
      const parsed = v.safeParse(schema, brief(change))
      expect(parsed.success, JSON.stringify(change)).toBe(false)
      if (!parsed.success)
        expect(parsed.issues.map((issue) => issue.path?.[0]?.key)).toContain(field)
    }
  })
})

describe.each(testBackends())('service requests on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  let adminId: string
  beforeAll(async () => {
    kit = await startAccountKit(backend, {
      agencyEmail,
      rateRules: {
        serviceRequestsPerAccount: { name: 'requests-test:account', limit: 3, windowSeconds: 3600 },
      },
    })
    const agency = await agencyAdmin(kit)
    admin = agency.admin
    adminId = agency.adminId
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const count = async (table: string, where = 'true', values: unknown[] = []) =>
    Number(
      (await kit.database.pool.query(`SELECT count(*) FROM ${table} WHERE ${where}`, values))
        .rows[0].count,
    )

  const client = (language: 'en' | 'es' = 'en') => signedInClient(kit, { language })

  /** A request stored directly in `status` (the matrix needs more than the rate limit allows). */
  async function storedRequest(userId: string, status: RequestStatus): Promise<string> {
    const { rows } = await kit.database.pool.query<{ id: string }>(
      `INSERT INTO service_requests (user_id, service_id, status, need, desired_start, budget, number)
       VALUES ($1, 'iot', $2, 'Sensors for our greenhouse, with alerts.', 'flexible', 'not-sure',
         'PD-test-' || gen_random_uuid())
       RETURNING id`,
      [userId, status],
    )
    return rows[0]?.id ?? ''
  }

  it('creates a request (received, a history row, the agency mail and the acknowledgement in the client language) and lists it newest first', async () => {
    const { account, browser, id } = await client('es')
    const created = await browser.post(requestsPath, brief())
    expect(created.status).toBe(201)
    expect(created.body.message).toBe(
      'Recibimos tu solicitud. Puedes darle seguimiento en Mis servicios.',
    )
    const request = created.body.request as ServiceRequestSummary
    expect(request).toMatchObject({
      serviceId: 'e-commerce',
      status: 'received',
      need: brief().need,
      desiredStart: 'within-1-month',
      budget: '25k-75k',
      history: [{ from: null, to: 'received', by: 'client', note: '' }],
    })
    const second = await browser.post(requestsPath, brief({ serviceId: 'iot' }))
    expect(second.status).toBe(201)
    const list = await browser.get(requestsPath)
    expect(list.status).toBe(200)
    expect(list.headers.get('cache-control')).toBe('no-store')
    const requests = list.body.requests as ServiceRequestSummary[]
    expect(requests.map((r) => r.serviceId)).toEqual(['iot', 'e-commerce'])
    expect(requests[1]).toEqual({ ...request, newMessages: 0, proposal: null, amountDue: 0 })
    expect(
      await count(
        'service_request_history h JOIN service_requests r ON r.id = h.request_id',
        'r.user_id = $1',
        [id],
      ),
    ).toBe(2)

    await kit.worker.deliverDue()
    const toAgency = await kit.smtp.waitForMail(agencyEmail, undefined, (mail) =>
      mail.text.includes(account.email),
    )
    // Every request mail's subject starts with the request's number.
    expect(request.number).toMatch(/^PD-\d{4}-\d{4}$/)
    expect(toAgency.subject).toBe(`[${request.number}] Nueva solicitud de servicio: Marta Ibáñez`)
    expect(toAgency.raw).toMatch(new RegExp(`^Reply-To: ${account.email}`, 'im'))
    expect(toAgency.text).toContain('Comercio electrónico')
    expect(toAgency.text.replace(/\r\n/g, '\n')).toContain(brief().need)
    const acknowledgement = await kit.smtp.waitForMail(account.email, undefined, (mail) =>
      mail.subject.includes('Recibimos tu solicitud'),
    )
    expect(acknowledgement.subject).toBe(
      `[${request.number}] Recibimos tu solicitud de servicio – Puente Digital`,
    )
    expect(acknowledgement.html).toContain('<html lang="es">')
  })

  it('writes the agency’s copy in the agency’s language whatever the client’s, linking to the inbox entry; greets the client by name and links to My services', async () => {
    const { account, browser } = await client('en')
    const created = await browser.post(requestsPath, brief())
    const { id: requestId, number } = created.body.request as ServiceRequestSummary
    await kit.worker.deliverDue()
    const toAgency = await kit.smtp.waitForMail(agencyEmail, undefined, (mail) =>
      mail.text.includes(account.email),
    )
    // AGENCY_LANGUAGE is Spanish by default; the client's language is a row, to answer in it.
    expect(toAgency.subject).toBe(`[${number}] Nueva solicitud de servicio: Marta Ibáñez`)
    expect(toAgency.html).toContain('<html lang="es">')
    expect(toAgency.text).toContain('Su idioma: Inglés')
    expect(toAgency.text).toContain(inboxEntry(requestId))
    expect(toAgency.html).toContain(`href="${inboxEntry(requestId)}"`)
    const acknowledgement = await kit.smtp.waitForMail(account.email, undefined, (mail) =>
      mail.subject.includes('We received your service request'),
    )
    expect(acknowledgement.text).toMatch(/^Puente Digital\r?\n\r?\nHello Marta,/)
    expect(acknowledgement.text).toContain(myServices)
    expect(acknowledgement.html).toContain(`href="${myServices}"`)
    expect(acknowledgement.text).toContain('Puente Digital · https://agency.example')

    // AGENCY_LANGUAGE=en: the same agency mail in English, for a Spanish-speaking client too.
    const english = await startApi(kit.database, {
      mail: kit.worker,
      agencyEmail,
      agencyLocale: 'en',
    })
    try {
      const spanish = await client('es')
      const there = new ApiClient(english.url)
      for (const name of ['sid', 'XSRF-TOKEN', 'app-language'])
        there.cookies.set(name, spanish.browser.cookies.get(name) ?? '')
      expect((await there.post(requestsPath, brief({ serviceId: 'iot' }))).status).toBe(201)
      await kit.worker.deliverDue()
      const inEnglish = await kit.smtp.waitForMail(agencyEmail, undefined, (mail) =>
        mail.text.includes(spanish.account.email),
      )
      expect(inEnglish.subject).toMatch(/^\[PD-\d{4}-\d{4}\] New service request: Marta Ibáñez$/)
      expect(inEnglish.text).toContain('Their language: Spanish')
      const theirs = await kit.smtp.waitForMail(spanish.account.email, undefined, (mail) =>
        mail.subject.includes('Recibimos'),
      )
      expect(theirs.text).toContain('Hola, Marta:')
    } finally {
      await english.close()
    }
  })

  it('mails the agency, in its language, when a client withdraws a request: who, what, their reason and the inbox entry', async () => {
    const { account, browser } = await client('en')
    const created = await browser.post(requestsPath, brief({ serviceId: 'iot' }))
    const { id: requestId, number } = created.body.request as ServiceRequestSummary
    const withdrawn = await browser.post(`${requestsPath}/${requestId}/withdraw`, {
      note: 'We found <another> way.',
    })
    expect(withdrawn.status).toBe(200)
    await kit.worker.deliverDue()
    const mail = await kit.smtp.waitForMail(agencyEmail, undefined, (m) =>
      m.subject.includes('Solicitud de servicio retirada'),
    )
    expect(mail.subject).toBe(`[${number}] Solicitud de servicio retirada: Marta Ibáñez`)
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${account.email}`, 'im'))
    expect(mail.text).toContain(account.email)
    expect(mail.text).toContain('Internet de las cosas')
    expect(mail.text).toContain('Su motivo:')
    expect(mail.text).toContain('We found <another> way.')
    expect(mail.html).toContain('We found &#60;another&#62; way.')
    expect(mail.text).toContain(inboxEntry(requestId))
    // The agency's copy is not the client's mail: it is not in their account's rows.
    expect(
      await count(
        'mail_outbox',
        "kind = 'request_withdrawn_agency' AND user_id IS NULL AND recipient = $1",
        [agencyEmail],
      ),
    ).toBeGreaterThan(0)
  })

  it('refuses an invalid brief with a translated message per field and stores nothing; needs a session and the XSRF token', async () => {
    const { browser, id } = await client('es')
    const bad = await browser.post(requestsPath, brief({ need: 'Corto', budget: '' }))
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'invalid_fields' })
    expect(bad.body.fields).toMatchObject({
      need: 'Cuéntanos un poco más: al menos 20 caracteres.',
      budget: 'Elige una de las opciones.',
    })
    const noToken = await browser.post(requestsPath, brief(), { xsrf: false })
    expect(noToken.status).toBe(403)
    expect(await count('service_requests', 'user_id = $1', [id])).toBe(0)
    const anonymous = new ApiClient(kit.api.url)
    expect((await anonymous.get(requestsPath)).status).toBe(401)
    expect((await anonymous.post(requestsPath, brief())).status).toBe(401)
  })

  it('limits requests per account: 429 with Retry-After', async () => {
    const { browser, id } = await client()
    for (let i = 0; i < 3; i += 1)
      expect((await browser.post(requestsPath, brief())).status).toBe(201)
    const refused = await browser.post(requestsPath, brief())
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await count('service_requests', 'user_id = $1', [id])).toBe(3)
  })

  it('lets a client withdraw exactly what the machine allows, with a note; 409 otherwise', async () => {
    const { browser, id } = await client()
    for (const from of requestStatuses) {
      const requestId = await storedRequest(id, from)
      const answer = await browser.post(`${requestsPath}/${requestId}/withdraw`, {
        note: 'We found another way.',
      })
      const allowed = changeEvent(from, 'withdrawn', 'client') !== undefined
      expect(answer.status, from).toBe(allowed ? 200 : 409)
      const { rows } = await kit.database.pool.query(
        'SELECT status FROM service_requests WHERE id = $1',
        [requestId],
      )
      expect(rows[0].status).toBe(allowed ? 'withdrawn' : from)
      if (allowed) {
        const request = answer.body.request as ServiceRequestSummary
        expect(request.history.at(-1)).toMatchObject({
          from,
          to: 'withdrawn',
          by: 'client',
          note: 'We found another way.',
        })
      } else expect(answer.body).toMatchObject({ code: 'invalid_transition' })
    }
  })

  it('never shows or changes another client’s request: the same 404 as an unknown id', async () => {
    const a = await client()
    const b = await client()
    const created = await a.browser.post(requestsPath, brief())
    const requestId = (created.body.request as ServiceRequestSummary).id
    expect((await b.browser.get(requestsPath)).body.requests).toEqual([])
    const stolen = await b.browser.post(`${requestsPath}/${requestId}/withdraw`, {})
    const unknown = await b.browser.post(
      `${requestsPath}/00000000-0000-4000-8000-000000000000/withdraw`,
      {},
    )
    const malformed = await b.browser.post(`${requestsPath}/not-a-uuid/withdraw`, {})
    for (const answer of [stolen, unknown, malformed]) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(stolen.body)
    }
    const { rows } = await kit.database.pool.query(
      'SELECT status FROM service_requests WHERE id = $1',
      [requestId],
    )
    expect(rows[0].status).toBe('received')
  })

  it('accepts every change the machine allows the agency and refuses every other with 409', async () => {
    const { id } = await client()
    for (const from of requestStatuses)
      for (const to of requestStatuses) {
        const requestId = await storedRequest(id, from)
        const answer = await admin.post(`/api/v1/admin/service-requests/${requestId}/status`, {
          to,
          note: `From ${from} to ${to}`,
        })
        const allowed = changeEvent(from, to, 'agency') !== undefined
        expect(answer.status, `${from} → ${to}`).toBe(allowed ? 200 : 409)
        const history = await count('service_request_history', 'request_id = $1', [requestId])
        const mails = await count(
          'mail_outbox m JOIN service_request_history h ON h.id = m.request_history_id',
          'h.request_id = $1',
          [requestId],
        )
        expect([history, mails]).toEqual(allowed ? [1, 1] : [0, 0])
        if (!allowed) expect(answer.body).toMatchObject({ code: 'invalid_transition' })
      }
  }, 60_000)

  it.each([
    [
      'en',
      'In review',
      'Note from the team:',
      'Your service request has a new status – Puente Digital',
    ],
    [
      'es',
      'En revisión',
      'Nota del equipo:',
      'Tu solicitud de servicio tiene un nuevo estado – Puente Digital',
    ],
  ] as const)(
    'records the change with the admin and mails the client in their language (%s)',
    async (language, label, noteLine, subject) => {
      const { account, browser } = await client(language)
      const created = await browser.post(requestsPath, brief())
      const requestId = (created.body.request as ServiceRequestSummary).id
      // The admin's own language does not matter: the client's does.
      const changed = await admin.post(`/api/v1/admin/service-requests/${requestId}/status`, {
        to: 'inReview',
        note: 'We will call you on Monday <10:00>.',
      })
      expect(changed.status).toBe(200)
      const request = changed.body.request as AdminServiceRequest
      expect(request.status).toBe('inReview')
      expect(request.client).toMatchObject({ email: account.email, locale: language })
      const { rows } = await kit.database.pool.query(
        `SELECT from_status, to_status, by_role, by_user_id, note FROM service_request_history
       WHERE request_id = $1 ORDER BY id`,
        [requestId],
      )
      expect(rows.at(-1)).toEqual({
        from_status: 'received',
        to_status: 'inReview',
        by_role: 'agency',
        by_user_id: adminId,
        note: 'We will call you on Monday <10:00>.',
      })
      const mine = (await browser.get(requestsPath)).body.requests as ServiceRequestSummary[]
      expect(mine.find((r) => r.id === requestId)?.history.at(-1)).toMatchObject({
        to: 'inReview',
        by: 'agency',
        note: 'We will call you on Monday <10:00>.',
      })
      await kit.worker.deliverDue()
      const mail = await kit.smtp.waitForMail(account.email, undefined, (m) =>
        m.subject.endsWith(`] ${subject}`),
      )
      expect(mail.text).toContain(label)
      expect(mail.text).toContain(noteLine)
      // Greeted by name, and led to the page where the request is followed.
      expect(mail.text).toContain(language === 'es' ? 'Hola, Marta:' : 'Hello Marta,')
      expect(mail.text).toContain(myServices)
      expect(mail.html).toContain(`href="${myServices}"`)
      expect(mail.text).toContain('We will call you on Monday <10:00>.')
      expect(mail.html).toContain('Monday &#60;10:00&#62;')
    },
  )

  it('exports the client’s requests with their history, and deletes them with the account', async () => {
    const { account, browser, id } = await client()
    const created = await browser.post(requestsPath, brief())
    const requestId = (created.body.request as ServiceRequestSummary).id
    await browser.post(`${requestsPath}/${requestId}/withdraw`, { note: 'Changed plans.' })
    const exported = await browser.get('/api/v1/me/export')
    const stored = exported.body.stored as StoredAccountData
    expect(stored.serviceRequests).toHaveLength(1)
    expect(stored.serviceRequests[0]).toMatchObject({
      id: requestId,
      status: 'withdrawn',
      history: [{ to: 'received' }, { to: 'withdrawn', note: 'Changed plans.' }],
    })
    const deleted = await browser.send('DELETE', '/api/v1/me', { password: account.password })
    expect(deleted.status).toBe(200)
    expect(await count('service_requests', 'user_id = $1', [id])).toBe(0)
    expect(await count('service_request_history', 'request_id = $1', [requestId])).toBe(0)
  })

  it('never answers a hostile status change with a 5xx, and stores nothing it refuses', async () => {
    const { id } = await client()
    const hostile: fc.Arbitrary<unknown> = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(...requestStatuses, null, 'x'.repeat(3000), '\u0000'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('to', 'note', 'by', '__proto__'), hostile, { maxKeys: 3 }),
        fc.constantFrom(...requestStatuses),
        async (body, from) => {
          const requestId = await storedRequest(id, from)
          const answer = await admin.post(
            `/api/v1/admin/service-requests/${requestId}/status`,
            body,
          )
          expect([200, 400, 409]).toContain(answer.status)
          const history = await count('service_request_history', 'request_id = $1', [requestId])
          expect(history).toBe(answer.status === 200 ? 1 : 0)
        },
      ),
      { numRuns: 80 },
    )
  }, 120_000)

  it('never answers a hostile brief with a 5xx, and stores nothing it refuses', async () => {
    const { browser, id } = await client()
    const hostile: fc.Arbitrary<unknown> = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(null, true, -1, [], {}, '\u0000'.repeat(50), 'x'.repeat(70_000)),
    )
    const field = fc.constantFrom(...Object.keys(brief()), '__proto__', 'status', 'userId')
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .dictionary(field, hostile, { minKeys: 1, maxKeys: 3 })
            .map((changes) => JSON.stringify({ ...brief(), ...changes })),
          hostile.map((value) => JSON.stringify(value) ?? 'null'),
        ),
        async (body) => {
          const before = await count('service_requests', 'user_id = $1', [id])
          const answer = await browser.post(requestsPath, body)
          expect([201, 400, 413, 429]).toContain(answer.status)
          const stored = (await count('service_requests', 'user_id = $1', [id])) - before
          expect(stored).toBe(answer.status === 201 ? 1 : 0)
        },
      ),
      { numRuns: 100 },
    )
  }, 120_000)
})
