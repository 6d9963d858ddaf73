import { spawn } from 'node:child_process'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminServiceRequestList,
  type AdminServiceRequestListItem,
  apiPrefix,
  type Enquiry,
  endpoints,
  type ListPage,
} from '../../domain/api/api-contract'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import { ApiClient } from '../test/api-harness'
import { enrolTotp, signedInAdmin } from '../test/factor-kit'
import { testBackends } from '../test/test-database'
import { enquiryFilter, requestFilter } from './admin-lists'
import { setAccountRole } from './admin-role'

const adminEndpoints = Object.entries(endpoints).filter(([, endpoint]) =>
  endpoint.path.startsWith(`${apiPrefix}/admin/`),
)
const someId = '00000000-0000-4000-8000-000000000000'
const hostileName = '=HYPERLINK("http://evil.example","Click")'
const hostileMessage = 'Line one, with "quotes"\r\n@line two\n-3+3'
/** The list filters with only a search. */
const searchOnly = (q: string) =>
  ({
    status: '',
    handled: '',
    service: '',
    from: '',
    to: '',
    awaiting: '',
    spam: '',
    sort: '',
    q,
    page: 1,
  }) as const

describe.each(testBackends())('the admin API on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  let adminId: string
  let clientBrowser: ApiClient
  let clientId: string
  let clientEmail: string
  beforeAll(async () => {
    kit = await startAccountKit(backend)
    const adminAccount = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, adminAccount.email, 'admin')
    admin = await signedInAdmin(kit, adminAccount)
    adminId = ((await admin.get('/api/v1/me')).body.user as { id: string }).id
    const clientAccount = await kit.verifiedAccount('es')
    clientEmail = clientAccount.email
    clientBrowser = await kit.signedIn(clientAccount)
    clientId = ((await clientBrowser.get('/api/v1/me')).body.user as { id: string }).id
    const pool = kit.database.pool
    // 60 enquiries, one a day at noon UTC from 2026-01-01; every third handled; iot and
    // e-commerce in turn.
    await pool.query(
      `INSERT INTO contact_enquiries (name, email, service_id, budget, message, locale, created_at, handled_at)
       SELECT 'Visitor ' || i, 'v' || i || '@example.com',
         CASE WHEN i % 2 = 0 THEN 'iot' ELSE 'e-commerce' END, 'not-sure',
         'A message long enough to be stored.', 'en',
         timestamptz '2026-01-01 12:00Z' + make_interval(days => i),
         CASE WHEN i % 3 = 0 THEN timestamptz '2026-06-01 00:00Z' END
       FROM generate_series(0, 59) AS i`,
    )
    await pool.query(
      `INSERT INTO contact_enquiries (name, email, budget, message, locale, created_at) VALUES
         ($1, 'hostile@example.com', 'not-sure', $2, 'es', '2026-03-15 23:59:59.999Z'),
         ('Percent', 'percent%_x@example.com', 'not-sure', 'A message long enough to be stored.', 'en', '2026-03-16 00:00Z')`,
      [hostileName, hostileMessage],
    )
    await pool.query(`UPDATE users SET name = 'Zacarías', last_name = 'Quintero' WHERE id = $1`, [
      clientId,
    ])
    // 30 requests of the client, one a day from 2026-02-01, statuses in turn.
    await pool.query(
      `INSERT INTO service_requests (user_id, service_id, status, need, desired_start, budget, created_at, updated_at, last_activity_at, number)
       SELECT $1, CASE WHEN i % 2 = 0 THEN 'iot' ELSE 'hosting' END,
         (ARRAY['received', 'inReview', 'proposalSent'])[i % 3 + 1],
         'Brief number ' || i || ', long enough.', 'flexible', 'not-sure',
         timestamptz '2026-02-01 08:00Z' + make_interval(days => i),
         timestamptz '2026-02-01 08:00Z' + make_interval(days => i),
         timestamptz '2026-02-01 08:00Z' + make_interval(days => i),
         'PD-2000-' || lpad((i + 1)::text, 4, '0')
       FROM generate_series(0, 29) AS i`,
      [clientId],
    )
  }, 60_000)
  afterAll(async () => {
    await kit?.close()
  })

  const concrete = (path: string) => path.replace(':id', someId)

  it('answers 401 without a session and 403 to a client on every admin endpoint, no-store', async () => {
    expect(adminEndpoints.length).toBeGreaterThanOrEqual(8)
    const anonymous = new ApiClient(kit.api.url)
    for (const [name, endpoint] of adminEndpoints) {
      const path = concrete(endpoint.path)
      const body = endpoint.method === 'GET' ? undefined : {}
      const signedOut = await anonymous.send(endpoint.method, path, body, {
        xsrf: endpoint.method !== 'GET',
      })
      expect(signedOut.status, name).toBe(401)
      expect(signedOut.body, name).toMatchObject({ code: 'unauthenticated' })
      expect(signedOut.headers.get('cache-control'), name).toBe('no-store')
      const client = await clientBrowser.send(endpoint.method, path, body, {
        xsrf: endpoint.method !== 'GET',
      })
      expect(client.status, name).toBe(403)
      expect(client.body, name).toMatchObject({ code: 'forbidden' })
      expect(client.headers.get('cache-control'), name).toBe('no-store')
    }
    expect((await clientBrowser.get(`${apiPrefix}/admin/anything`)).status).toBe(403)
  })

  it('reads the role from the database on every call: a revoked admin is refused at once', async () => {
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    const browser = await signedInAdmin(kit, account)
    expect((await browser.get(endpoints.adminEnquiries.path)).status).toBe(200)
    await setAccountRole(kit.database.pool, account.email, 'client')
    expect((await browser.get(endpoints.adminEnquiries.path)).status).toBe(403)
  })

  const enquiries = async (query = '') => {
    const answer = await admin.get(`${endpoints.adminEnquiries.path}${query}`)
    expect(answer.status, query).toBe(200)
    return answer.body as unknown as ListPage<Enquiry>
  }

  it('pages enquiries newest first, 25 a page, with the exact total', async () => {
    const first = await enquiries()
    expect(first.total).toBe(62)
    expect(first.items).toHaveLength(25)
    expect(first.pageSize).toBe(25)
    const dates = first.items.map((item) => item.createdAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(first.items[0]?.email).toBe('percent%_x@example.com')
    const third = await enquiries('?page=3')
    expect(third.items).toHaveLength(12)
    expect(third.items.at(-1)?.name).toBe('Visitor 0')
    expect((await enquiries('?page=4')).items).toEqual([])
  })

  it('filters enquiries by handled, service and inclusive UTC days, and searches name or email', async () => {
    expect((await enquiries('?handled=yes')).total).toBe(20)
    expect((await enquiries('?handled=no')).total).toBe(42)
    const iotWeek = await enquiries('?service=iot&from=2026-01-05&to=2026-01-10')
    expect(iotWeek.items.map((item) => item.name)).toEqual(['Visitor 8', 'Visitor 6', 'Visitor 4'])
    const lastMoment = await enquiries('?from=2026-03-15&to=2026-03-15')
    expect(lastMoment.items.map((item) => item.email)).toEqual(['hostile@example.com'])
    expect((await enquiries('?q=VISITOR%201')).total).toBe(11)
    expect((await enquiries('?q=v5%40')).items.map((item) => item.name)).toEqual(['Visitor 5'])
    // LIKE's wildcards are taken literally.
    expect((await enquiries('?q=%25')).items.map((item) => item.name)).toEqual(['Percent'])
    expect((await enquiries('?q=_')).items.map((item) => item.name)).toEqual(['Percent'])
  })

  it('refuses invalid filters with 400 and a message per filter, in the admin’s language', async () => {
    const spanish = new ApiClient(kit.api.url, undefined, 'es')
    for (const [name, value] of admin.cookies) spanish.cookies.set(name, value)
    const answer = await spanish.get(
      `${endpoints.adminServiceRequests.path}?status=lost&page=0&from=2026-13-45`,
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_fields' })
    expect(Object.keys(answer.body.fields as object).sort()).toEqual(['from', 'page', 'status'])
    expect((answer.body.fields as Record<string, string>).status).toBe(
      'Elige un estado de la lista.',
    )
    expect((answer.body.fields as Record<string, string>).page).toBe(
      'Usa un número de página del 1 al 999999.',
    )
    const longSearch = await spanish.get(`${endpoints.adminEnquiries.path}?q=${'x'.repeat(201)}`)
    expect(longSearch.body.fields).toEqual({ q: 'Usa como máximo 200 caracteres.' })
    const notADay = await spanish.get(`${endpoints.adminEnquiries.path}?to=2026-02-30`)
    expect(notADay.status).toBe(400)
    expect(notADay.body.fields).toEqual({ to: 'Ingresa una fecha válida.' })
    const unknown = await admin.get(`${endpoints.adminEnquiries.path}?sort=name`)
    expect(unknown.status).toBe(400)
    const csv = await admin.get(`${endpoints.adminEnquiriesCsv.path}?handled=maybe`)
    expect(csv.status).toBe(400)
  })

  it('refuses days outside the years 1900–9999 on every list and export with a translated 400', async () => {
    const spanish = new ApiClient(kit.api.url, undefined, 'es')
    for (const [name, value] of admin.cookies) spanish.cookies.set(name, value)
    const lists = [
      endpoints.adminEnquiries,
      endpoints.adminEnquiriesCsv,
      endpoints.adminServiceRequests,
      endpoints.adminServiceRequestsCsv,
    ]
    for (const { path } of lists) {
      for (const [query, field] of [
        ['from=0000-01-01', 'from'],
        ['to=0000-01-01', 'to'],
        ['from=1899-12-31', 'from'],
        ['to=0001-01-01', 'to'],
      ] as const) {
        const answer = await spanish.get(`${path}?${query}`)
        expect(answer.status, `${path}?${query}`).toBe(400)
        expect(answer.body, `${path}?${query}`).toMatchObject({
          code: 'invalid_fields',
          fields: { [field]: 'Ingresa una fecha a partir de 1900.' },
        })
      }
      const english = await admin.get(`${path}?from=0000-01-01`)
      expect(english.body.fields).toEqual({ from: 'Enter a date from 1900 on.' })
      // The bounds themselves are days like any other.
      expect((await admin.get(`${path}?from=1900-01-01&to=9999-12-31`)).status, path).toBe(200)
    }
  })

  it('shows one enquiry and marks it handled by the admin, or open again', async () => {
    const target = (await enquiries('?q=v7%40')).items[0]
    if (!target) throw new Error('seeded enquiry missing')
    const detail = await admin.get(concrete(endpoints.adminEnquiry.path).replace(someId, target.id))
    expect(detail.status).toBe(200)
    expect(detail.body.enquiry).toEqual(target)
    const path = endpoints.markEnquiryHandled.path.replace(':id', target.id)
    const handled = await admin.post(path, { handled: true })
    expect(handled.status).toBe(200)
    expect((handled.body.enquiry as Enquiry).handledAt).not.toBeNull()
    const { rows } = await kit.database.pool.query(
      'SELECT handled_by FROM contact_enquiries WHERE id = $1',
      [target.id],
    )
    expect(rows[0].handled_by).toBe(adminId)
    const reopened = await admin.post(path, { handled: false })
    expect((reopened.body.enquiry as Enquiry).handledAt).toBeNull()
    expect((await admin.post(path, { handled: 'yes' })).status).toBe(400)
    expect(
      (await admin.post(concrete(endpoints.markEnquiryHandled.path), { handled: true })).status,
    ).toBe(404)
    expect((await admin.get(concrete(endpoints.adminEnquiry.path))).status).toBe(404)
    expect((await admin.get(endpoints.adminEnquiry.path.replace(':id', 'nope'))).status).toBe(404)
  })

  const requests = async (query = '') => {
    const answer = await admin.get(`${endpoints.adminServiceRequests.path}${query}`)
    expect(answer.status, query).toBe(200)
    return answer.body as unknown as ListPage<AdminServiceRequestListItem>
  }

  it('lists service requests with their client, filtered by status, service, days, and searched by client name or email', async () => {
    const all = await requests()
    expect(all.total).toBe(30)
    // Seeded by hand, without proposals: none awaits an answer, nothing was accepted.
    expect((all as unknown as AdminServiceRequestList).proposals).toEqual({
      awaitingAnswer: 0,
      acceptedThisMonth: 0,
    })
    expect(all.items).toHaveLength(25)
    expect(all.items[0]?.client).toEqual({
      id: clientId,
      name: 'Zacarías',
      lastName: 'Quintero',
      email: clientEmail,
      locale: 'es',
      // How to reach them, from their account (the kit registers everyone at the same place).
      phone: '5512345678',
      address: {
        street: 'Calle 5',
        exteriorNumber: '1',
        interiorNumber: '',
        neighborhood: 'Centro',
        municipality: 'Puebla',
        postalCode: '72000',
        city: 'Puebla',
        state: 'PUE',
        country: 'MX',
      },
    })
    expect((await requests('?page=2')).items).toHaveLength(5)
    expect((await requests('?status=inReview')).total).toBe(10)
    expect((await requests('?status=inReview&service=hosting')).total).toBe(5)
    expect((await requests('?from=2026-02-01&to=2026-02-03')).total).toBe(3)
    expect((await requests('?q=quinter')).total).toBe(30)
    expect((await requests(`?q=${encodeURIComponent(clientEmail.toUpperCase())}`)).total).toBe(30)
    expect((await requests('?q=nobody-by-that-name')).total).toBe(0)
    const listed = all.items[0]
    if (!listed) throw new Error('seeded request missing')
    // The list adds the thread's state (no messages here) and whether a proposal awaits the
    // client's answer (none was sent) to the request the detail shows.
    const {
      newMessages,
      awaitingReply,
      proposalAwaitingAnswer,
      proposalDeclined,
      answerOverdue,
      ...one
    } = listed
    expect([
      newMessages,
      awaitingReply,
      proposalAwaitingAnswer,
      proposalDeclined,
      answerOverdue,
    ]).toEqual([0, false, false, false, false])
    const detail = await admin.get(endpoints.adminServiceRequest.path.replace(':id', one.id))
    expect(detail.status).toBe(200)
    expect(detail.body.request).toEqual(one)
    expect((await admin.get(concrete(endpoints.adminServiceRequest.path))).status).toBe(404)
  })

  it('exports the filtered list as CSV: every page, a header, every cell quoted and defused formulas', async () => {
    const answer = await admin.get(`${endpoints.adminEnquiriesCsv.path}?from=2026-03-01`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const text = String(answer.body.text)
    // fetch's text() drops the byte-order mark; the bytes show it.
    // In the agency's language (AGENCY_LANGUAGE, Spanish by default), whoever asks.
    expect(
      text.startsWith('"Folio","Creada (America/Mexico_City)","Nombre","Correo electrónico",'),
    ).toBe(true)
    const raw = await fetch(`${kit.api.url}${endpoints.adminEnquiriesCsv.path}`, {
      headers: admin.baseHeaders(),
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
    expect(text).toContain('"Line one, with ""quotes""\r\n@line two\n-3+3"')
    const requestsCsv = await admin.get(`${endpoints.adminServiceRequestsCsv.path}?status=received`)
    expect(requestsCsv.status).toBe(200)
    const lines = String(requestsCsv.body.text).trimEnd().split('\r\n')
    expect(lines).toHaveLength(11)
    expect(lines[1]).toContain('Recibida')
  })

  it('exports times on the agency clock, languages by name, handled as yes or no, and a request client phone and latest note', async () => {
    // Every cell is quoted (csv.ts): a cell ends at `",` or at `"` CRLF, its quotes doubled.
    const rows = (text: unknown) => {
      const lines: string[][] = [[]]
      for (const [, cell = '', end] of String(text).matchAll(/"((?:[^"]|"")*)"(,|\r\n)/g)) {
        lines.at(-1)?.push(cell.replaceAll('""', '"'))
        if (end === '\r\n') lines.push([])
      }
      return lines.filter((line) => line.length > 0)
    }
    const enquiryCsv = rows(
      (await admin.get(`${endpoints.adminEnquiriesCsv.path}?from=2026-02-27&to=2026-03-16`)).body
        .text,
    )
    // The English-speaking admin gets the agency's language (AGENCY_LANGUAGE, Spanish here).
    expect(enquiryCsv[0]).toEqual([
      'Folio',
      'Creada (America/Mexico_City)',
      'Nombre',
      'Correo electrónico',
      'Teléfono',
      'Empresa',
      'Servicio',
      'Presupuesto',
      'Idioma',
      'Atendida',
      'Posible spam',
      'Mensaje',
    ])
    // Mexico City is UTC-6: 00:00 UTC on the 16th is 18:00 on the 15th there.
    const percent = enquiryCsv.find((row) => row[2] === 'Percent')
    expect([percent?.[1], percent?.[8], percent?.[9]]).toEqual(['2026-03-15 18:00', 'Inglés', 'No'])
    const hostile = enquiryCsv.find((row) => row[3] === 'hostile@example.com')
    expect([hostile?.[1], hostile?.[8]]).toEqual(['2026-03-15 17:59', 'Español'])
    // Visitors 57 to 59 (2026-02-27 to 2026-03-01 at noon UTC): every third one is handled.
    const visitors = enquiryCsv.filter((row) => row[2]?.startsWith('Visitor'))
    expect(visitors.map((row) => [row[2], row[1], row[9]])).toEqual([
      ['Visitor 59', '2026-03-01 06:00', 'No'],
      ['Visitor 58', '2026-02-28 06:00', 'No'],
      ['Visitor 57', '2026-02-27 06:00', 'Sí'],
    ])

    const spanish = new ApiClient(kit.api.url, undefined, 'es')
    for (const [name, value] of admin.cookies) spanish.cookies.set(name, value)
    const [newest] = (await requests()).items
    if (!newest) throw new Error('seeded request missing')
    await kit.database.pool.query(
      `INSERT INTO service_request_history (request_id, from_status, to_status, by_role, note, created_at)
       VALUES ($1, 'received', 'inReview', 'agency', 'First look: fine.', '2026-03-05Z'),
              ($1, 'inReview', 'inReview', 'agency', 'Called them; proposal next week.', '2026-03-06Z'),
              ($1, 'inReview', 'inReview', 'agency', '', '2026-03-07Z')`,
      [newest.id],
    )
    const requestCsv = rows(
      (await spanish.get(`${endpoints.adminServiceRequestsCsv.path}?from=2026-03-02`)).body.text,
    )
    expect(requestCsv[0]).toEqual([
      'Folio',
      'Número',
      'Creada (America/Mexico_City)',
      'Actualizada (America/Mexico_City)',
      'Estado',
      'Servicio',
      'Nombre',
      'Correo electrónico',
      'Teléfono',
      'Idioma',
      'Inicio deseado',
      'Presupuesto',
      'Qué necesita',
      'Última nota',
    ])
    expect(requestCsv).toHaveLength(2)
    const [request] = requestCsv.slice(1)
    // 2026-03-02 08:00 UTC is 02:00 in Mexico City.
    expect(request?.slice(0, 3)).toEqual([newest.id, newest.number, '2026-03-02 02:00'])
    expect(request?.slice(6, 10)).toEqual([
      'Zacarías Quintero',
      clientEmail,
      '5512345678',
      'Español',
    ])
    expect(request?.[13]).toBe('Called them; proposal next week.')
  })

  it('streams an export longer than one batch, every row once', async () => {
    await kit.database.pool.query(
      `INSERT INTO contact_enquiries (name, email, service_id, budget, message, locale, created_at)
       SELECT 'Bulk ' || i, 'bulk' || i || '@example.com', 'hosting', 'not-sure',
         'A message long enough to be stored.', 'en',
         timestamptz '2025-01-01 00:00Z' + make_interval(mins => i / 2)
       FROM generate_series(1, 1234) AS i`,
    )
    const answer = await admin.get(`${endpoints.adminEnquiriesCsv.path}?service=hosting`)
    const rows = String(answer.body.text).trimEnd().split('\r\n').slice(1)
    expect(rows).toHaveLength(1234)
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1234)
    expect((await enquiries('?service=hosting')).total).toBe(1234)
  })

  it('searches names and emails whatever the case and the accents, through the trigram indexes', async () => {
    await kit.database.pool.query(
      `INSERT INTO contact_enquiries (name, email, budget, message, locale, created_at) VALUES
         ('María Zúñiga', 'mz@example.com', 'not-sure', 'A message long enough to be stored.', 'es', '2020-01-01Z'),
         ($1, 'ÉLODIE@EXAMPLE.COM', 'not-sure', 'A message long enough to be stored.', 'es', '2020-01-02Z')`,
      // Stored decomposed: N, n + U+0303, e + U+0301 (as some keyboards and imports write).
      ['Núñez Élodie'.normalize('NFD')],
    )
    await kit.database.pool.query(
      `INSERT INTO contact_enquiries (name, email, budget, message, locale, created_at) VALUES
         ('Łukasz Østergaard', 'lo@example.com', 'not-sure', 'A message long enough to be stored.', 'en', '2020-01-03Z')`,
    )
    const names = async (q: string) =>
      (await enquiries(`?q=${encodeURIComponent(q)}`)).items.map((item) => item.name.normalize())
    for (const q of ['Zuniga', 'ZUNIGA', 'zúñiga', 'ZÚÑIGA', 'maria zu', 'MARÍA'])
      expect(await names(q), q).toEqual(['María Zúñiga'])
    for (const q of ['nunez', 'NÚÑEZ', 'elodie@', 'Élodie'.normalize('NFD')])
      expect(await names(q), q).toEqual(['Núñez Élodie'])
    // Letters with a stroke have no accent to drop: they are matched by their plain letter.
    for (const q of ['lukasz oster', 'ŁUKASZ', 'østergaard'])
      expect(await names(q), q).toEqual(['Łukasz Østergaard'])
    // The client is Zacarías Quintero.
    for (const q of ['zacarias', 'ZACARÍAS', 'Zacarias Quin'])
      expect((await requests(`?q=${encodeURIComponent(q)}`)).total, q).toBe(30)
    // The lists' search conditions are the indexes' expressions: PostgreSQL can use them.
    const client = await kit.database.pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('SET LOCAL enable_seqscan = off')
      const plan = async (sql: string, values: unknown[]) =>
        (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n')
      const enquiryQuery = enquiryFilter(searchOnly('zúñiga'))
      expect(
        await plan(
          `SELECT count(*) FROM contact_enquiries e ${enquiryQuery.where}`,
          enquiryQuery.values,
        ),
      ).toContain('contact_enquiries_search_key_trgm_idx')
      const requestQuery = requestFilter(searchOnly('zacarías'))
      expect(
        await plan(
          `SELECT count(*) FROM service_requests r ${requestQuery.where}`,
          requestQuery.values,
        ),
      ).toContain('users_search_key_trgm_idx')
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
  })

  it('never answers a hostile query string with a 5xx', async () => {
    const key = fc.constantFrom('status', 'handled', 'service', 'from', 'to', 'q', 'page', 'x')
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', '0', '-1', '99999999', '2026-02-30', 'inReview', 'iot', '%', '\\'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(key, value, { maxKeys: 4 }),
        fc.constantFrom(endpoints.adminEnquiries.path, endpoints.adminServiceRequests.path),
        async (query, path) => {
          const answer = await admin.get(`${path}?${new URLSearchParams(query)}`)
          expect([200, 400]).toContain(answer.status)
        },
      ),
      { numRuns: 150 },
    )
  }, 120_000)

  describe('npm run admin:grant', () => {
    const databaseUrl = () => {
      const connection = kit.database.connection
      if (connection.connectionString) return connection.connectionString
      const user = encodeURIComponent(String(connection.user))
      const password = encodeURIComponent(String(connection.password))
      const host = encodeURIComponent(String(connection.host))
      return `postgresql://${user}:${password}@localhost:${connection.port}/${kit.database.name}?host=${host}`
    }
    const grant = (args: string[], url = databaseUrl()) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'scripts/admin-grant.ts', ...args],
          {
            env: { ...process.env, DATABASE_URL: url, TEST_DATABASE_URL: '' },
          },
        )
        let out = ''
        child.stdout.on('data', (chunk) => (out += String(chunk)))
        child.stderr.on('data', (chunk) => (out += String(chunk)))
        child.on('close', (code) => resolve({ code, out }))
      })
    const roleOf = async (email: string) =>
      (await kit.database.pool.query('SELECT role FROM users WHERE email = $1', [email])).rows[0]
        ?.role

    it('grants and revokes the role of a verified account; exit codes 0, 1, 2, 3, 4', async () => {
      const verified = await kit.verifiedAccount()
      const unverified = await kit.unverifiedAccount()
      const granted = await grant([verified.email.toUpperCase()])
      expect(granted, granted.out).toMatchObject({ code: 0 })
      expect(granted.out).toContain('is now an admin')
      expect(granted.out).toContain('has no passkey or authenticator app yet')
      expect(await roleOf(verified.email)).toBe('admin')
      expect((await grant([verified.email])).code).toBe(0)
      const revoked = await grant([verified.email, '--revoke'])
      expect(revoked.code).toBe(0)
      expect(await roleOf(verified.email)).toBe('client')
      expect((await grant([])).code).toBe(1)
      expect((await grant(['not-an-address'])).code).toBe(1)
      const missing = await grant(['nobody@example.com'])
      expect(missing.code).toBe(2)
      expect(missing.out).toContain('No account')
      const notVerified = await grant([unverified.email])
      expect(notVerified.code).toBe(3)
      expect(await roleOf(unverified.email)).toBe('client')
      const down = await grant([verified.email], 'postgresql://nobody:secret@127.0.0.1:9/none')
      expect(down.code).toBe(4)
      expect(down.out).toContain('database is not available')
    }, 120_000)

    it('says nothing about a second factor when the account has one', async () => {
      const account = await kit.verifiedAccount()
      await enrolTotp(kit, await kit.signedIn(account))
      const granted = await grant([account.email])
      expect(granted.code).toBe(0)
      expect(granted.out).toContain('is now an admin')
      expect(granted.out).not.toContain('Warning')
    }, 60_000)
  })
})
