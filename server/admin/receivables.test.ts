import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, agencyDay } from '../../domain/agency-day'
import { endpoints, type Receivable, type ReceivablesPage } from '../../domain/api/api-contract'
import { isOverdue } from '../../domain/payments/receivables'
import { type AccountKit, startAccountKit } from '../test/account-kit'
import type { ApiClient } from '../test/api-harness'
import { enrolTotp } from '../test/factor-kit'
import { agencyAdmin, clientWithRequest } from '../test/request-kit'
import { testBackends } from '../test/test-database'
import { setAccountRole } from './admin-role'

const listPath = endpoints.adminReceivables.path
const csvPath = endpoints.adminReceivablesCsv.path

type Seeded = {
  readonly number: number
  readonly state: string
  readonly amount: number
  readonly paid?: number
  readonly due:
    | { on: 'acceptance' }
    | { on: 'status'; status: 'delivered' }
    | { on: 'date'; date: string }
  /** When it fell due: an SQL expression over $1 (today in Mexico City, a date). */
  readonly dueAtSql?: string
}

describe.each(testBackends())('the receivables list on $name', (backend) => {
  let kit: AccountKit
  let admin: ApiClient
  let today: string
  let ana: { requestId: string; number: string; email: string }
  let bruno: { requestId: string; number: string; email: string }

  async function insertInstalment(requestId: string, seeded: Seeded): Promise<string> {
    const folio = `PAG-${String(seeded.number).padStart(6, '0')}`
    const { rows } = await kit.database.pool.query<{ id: string }>(
      `INSERT INTO payment_instalments (number, folio, spei_reference, request_id, position,
         amount, paid, state, due, due_status, due_date, due_at)
       VALUES ($2, $3, $4, $5, 1, $6, $7, $8, $9::jsonb, $10, $11::date,
         ${seeded.dueAtSql ?? '(CASE WHEN $1::date IS NULL THEN now() END)'})
       RETURNING id`,
      [
        today,
        seeded.number,
        folio,
        String(seeded.number).padStart(7, '0'),
        requestId,
        seeded.amount,
        seeded.paid ?? 0,
        seeded.state,
        JSON.stringify(seeded.due),
        seeded.due.on === 'status' ? seeded.due.status : null,
        seeded.due.on === 'date' ? seeded.due.date : null,
      ],
    )
    return rows[0]?.id ?? ''
  }

  async function insertPayment(
    requestId: string,
    instalmentId: string,
    amount: number,
    paidOn: string,
    method: string,
  ): Promise<void> {
    const { rows } = await kit.database.pool.query<{ id: number }>(
      `INSERT INTO payment_records (request_id, amount, paid_on, method, applied, credit,
         client_name, client_email, retain_until)
       VALUES ($1, $2, $3, $4, '[]'::jsonb, 0, 'x', 'x@example.com', now() + interval '5 years')
       RETURNING id`,
      [requestId, amount, paidOn, method],
    )
    await kit.database.pool.query(
      `INSERT INTO payment_events (instalment_id, payment_id, from_state, to_state, amount)
       VALUES ($1, $2, 'due', 'partlyPaid', $3)`,
      [instalmentId, rows[0]?.id, amount],
    )
  }

  // Midnight in Mexico City, as PostgreSQL computes it (the list's own clock).
  const startOfToday = `(($1::date)::timestamp AT TIME ZONE 'America/Mexico_City')`

  beforeAll(async () => {
    kit = await startAccountKit(backend)
    admin = (await agencyAdmin(kit)).admin
    today = agencyDay(kit.now())
    const pool = kit.database.pool
    const requestOf = async (name: string, lastName: string) => {
      const client = await clientWithRequest(kit)
      await pool.query('UPDATE users SET name = $1, last_name = $2 WHERE id = $3', [
        name,
        lastName,
        client.id,
      ])
      const { rows } = await pool.query<{ number: string }>(
        'SELECT number FROM service_requests WHERE id = $1',
        [client.requestId],
      )
      return {
        requestId: client.requestId,
        number: rows[0]?.number ?? '',
        email: client.account.email,
      }
    }
    ana = await requestOf('Ana', 'Núñez')
    bruno = await requestOf('Bruno', 'Díaz')
    // Ana: fell due the instant before today began (overdue), a payment partly made on a day
    // before that (overdue), one due today on its date (not overdue), one paid.
    const justBefore = await insertInstalment(ana.requestId, {
      number: 1,
      state: 'due',
      amount: 100_000,
      due: { on: 'acceptance' },
      dueAtSql: `${startOfToday} - interval '1 millisecond'`,
    })
    const partly = await insertInstalment(ana.requestId, {
      number: 2,
      state: 'partlyPaid',
      amount: 200_000,
      paid: 50_000,
      due: { on: 'date', date: addDays(today, -10) },
      dueAtSql: `${startOfToday} - interval '10 days'`,
    })
    await insertPayment(ana.requestId, partly, 20_000, addDays(today, -9), 'cash')
    await insertPayment(ana.requestId, partly, 30_000, addDays(today, -3), 'spei')
    await insertInstalment(ana.requestId, {
      number: 3,
      state: 'due',
      amount: 300_000,
      due: { on: 'date', date: today },
      dueAtSql: startOfToday,
    })
    const paid = await insertInstalment(ana.requestId, {
      number: 4,
      state: 'paid',
      amount: 400_000,
      paid: 400_000,
      due: { on: 'date', date: addDays(today, -40) },
      dueAtSql: `${startOfToday} - interval '40 days'`,
    })
    await insertPayment(ana.requestId, paid, 400_000, addDays(today, -35), 'card')
    // Bruno: fell due at the very start of today (not overdue), one waiting for delivery, one
    // dated next month, one void.
    await insertInstalment(bruno.requestId, {
      number: 5,
      state: 'due',
      amount: 500_000,
      due: { on: 'acceptance' },
      dueAtSql: startOfToday,
    })
    await insertInstalment(bruno.requestId, {
      number: 6,
      state: 'scheduled',
      amount: 600_000,
      due: { on: 'status', status: 'delivered' },
    })
    await insertInstalment(bruno.requestId, {
      number: 7,
      state: 'scheduled',
      amount: 700_000,
      due: { on: 'date', date: addDays(today, 30) },
    })
    await insertInstalment(bruno.requestId, {
      number: 8,
      state: 'void',
      amount: 800_000,
      due: { on: 'date', date: addDays(today, -20) },
      dueAtSql: `${startOfToday} - interval '20 days'`,
    })
    void justBefore
  }, 120_000)
  afterAll(async () => {
    await kit?.close()
  })

  async function list(query = ''): Promise<ReceivablesPage> {
    const answer = await admin.get(`${listPath}${query}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as ReceivablesPage
  }
  const folios = (page: ReceivablesPage) => page.items.map((item) => item.folio)

  it('lists every instalment, the overdue first, then the owed, those to come and the settled', async () => {
    const page = await list()
    expect(folios(page)).toEqual([
      'PAG-000002', // owed, due 10 days ago
      'PAG-000001', // owed, fell due yesterday
      'PAG-000003', // owed, due today
      'PAG-000005',
      'PAG-000007', // to come, dated
      'PAG-000006', // to come, on delivery
      'PAG-000004', // settled
      'PAG-000008',
    ])
    expect(page).toMatchObject({ total: 8, page: 1, pageSize: 25, overdueCount: 2 })
    // Open: 1,000 + 1,500 + 3,000 + 5,000 + 6,000 + 7,000 pesos.
    expect(page.openBalance).toBe(100_000 + 150_000 + 300_000 + 500_000 + 600_000 + 700_000)
    const partly = page.items.find((item) => item.folio === 'PAG-000002') as Receivable
    expect(partly).toMatchObject({
      request: { id: ana.requestId, number: ana.number },
      client: { name: 'Ana Núñez', email: ana.email },
      amount: 200_000,
      paid: 50_000,
      balance: 150_000,
      state: 'partlyPaid',
      dueDay: addDays(today, -10),
      overdue: true,
      // The latest payment by its day.
      lastPayment: { paidOn: addDays(today, -3), method: 'spei' },
    })
    const waiting = page.items.find((item) => item.folio === 'PAG-000006') as Receivable
    expect(waiting).toMatchObject({
      due: { on: 'status', status: 'delivered' },
      dueDay: null,
      overdue: false,
      lastPayment: null,
    })
    expect(page.items.find((item) => item.folio === 'PAG-000008')?.balance).toBe(0)
  })

  it('overdue from the first instant of the day after its due day in Mexico City, as the domain rule says', async () => {
    const page = await list()
    const byFolio = new Map(page.items.map((item) => [item.folio, item]))
    // Fell due 1 ms before today began there: overdue. At today's first instant: not yet.
    expect(byFolio.get('PAG-000001')).toMatchObject({ dueDay: addDays(today, -1), overdue: true })
    expect(byFolio.get('PAG-000005')).toMatchObject({ dueDay: today, overdue: false })
    expect(byFolio.get('PAG-000003')).toMatchObject({ dueDay: today, overdue: false })
    // The SQL and the domain's rule agree on every row.
    for (const item of page.items) expect(item.overdue, item.folio).toBe(isOverdue(item, kit.now()))
    expect(folios(await list('?state=overdue'))).toEqual(['PAG-000002', 'PAG-000001'])
  })

  it('filters by state, search, due days and method', async () => {
    expect(folios(await list('?state=open'))).toEqual([
      'PAG-000002',
      'PAG-000001',
      'PAG-000003',
      'PAG-000005',
      'PAG-000007',
      'PAG-000006',
    ])
    expect(folios(await list('?state=due'))).toEqual(['PAG-000001', 'PAG-000003', 'PAG-000005'])
    expect(folios(await list('?state=partlyPaid'))).toEqual(['PAG-000002'])
    expect(folios(await list('?state=scheduled'))).toEqual(['PAG-000007', 'PAG-000006'])
    expect(folios(await list('?state=paid'))).toEqual(['PAG-000004'])
    expect(folios(await list('?state=void'))).toEqual(['PAG-000008'])
    expect(folios(await list('?state=refunded'))).toEqual([])
    // The client's name whatever the case and the accents, or the email.
    expect(folios(await list('?q=NUNEZ'))).toEqual([
      'PAG-000002',
      'PAG-000001',
      'PAG-000003',
      'PAG-000004',
    ])
    expect((await list(`?q=${encodeURIComponent(bruno.email.toUpperCase())}`)).total).toBe(4)
    // A folio, a request number.
    expect(folios(await list('?q=pag-7'))).toEqual(['PAG-000007'])
    expect((await list(`?q=${encodeURIComponent(bruno.number)}`)).total).toBe(4)
    // Due days, inclusive; an instalment waiting for a status has none.
    expect(folios(await list(`?from=${addDays(today, -10)}&to=${addDays(today, -1)}`))).toEqual([
      'PAG-000002',
      'PAG-000001',
    ])
    // A payment received that way (any of its payments).
    expect(folios(await list('?method=cash'))).toEqual(['PAG-000002'])
    expect(folios(await list('?method=card'))).toEqual(['PAG-000004'])
    expect(folios(await list('?method=other'))).toEqual([])
    // Filters combine; the open balance follows them, the overdue count does not.
    const combined = await list('?state=open&q=bruno')
    expect(combined).toMatchObject({ total: 3, openBalance: 1_800_000, overdueCount: 2 })
    // A search's LIKE characters are taken literally.
    expect((await list('?q=%25')).total).toBe(0)
  })

  it('pages 25 at a time with the exact total', async () => {
    for (let number = 100; number < 130; number += 1)
      await insertInstalment(bruno.requestId, {
        number,
        state: 'paid',
        amount: 1,
        paid: 1,
        due: { on: 'date', date: addDays(today, -(number - 99)) },
        dueAtSql: startOfToday,
      })
    try {
      const first = await list('?state=paid')
      const second = await list('?state=paid&page=2')
      expect(first.total).toBe(31)
      expect(first.items).toHaveLength(25)
      expect(second.items).toHaveLength(6)
      const all = [...folios(first), ...folios(second)]
      expect(new Set(all).size).toBe(31)
      // By due day: the oldest first (PAG-000129: 30 days ago … PAG-000004: 40 days ago first).
      expect(all[0]).toBe('PAG-000004')
    } finally {
      await kit.database.pool.query('DELETE FROM payment_instalments WHERE number >= 100')
    }
  })

  it('exports the filtered list as CSV in the agency language, in the list order', async () => {
    const answer = await admin.get(`${csvPath}?state=open&q=ana`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="receivables-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    // The body read as text loses its byte-order mark (TextDecoder): the bytes have it.
    const raw = await fetch(`${kit.api.url}${csvPath}?state=open&q=ana`, {
      headers: admin.baseHeaders(),
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = String(answer.body.text).split('\r\n')
    // Spanish, the agency's language by default.
    expect(lines[0]).toBe(
      '"Folio","Solicitud","Cliente","Correo electrónico","Importe (MXN)","Pagado (MXN)","Saldo (MXN)","Estado","Vencida","Vence","Último pago","Método"',
    )
    expect(lines[1]).toBe(
      `"PAG-000002","${ana.number}","Ana Núñez","${ana.email}","2000.00","500.00","1500.00","Pagada en parte","Sí","${addDays(today, -10)}","${addDays(today, -3)}","Transferencia SPEI"`,
    )
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
      '"PAG-000002"',
      '"PAG-000001"',
      '"PAG-000003"',
    ])
    expect(lines.at(-1)).toBe('')
    // Waiting for a status: what it waits for.
    const waiting = await admin.get(`${csvPath}?q=pag-6`)
    expect(String(waiting.body.text)).toContain('"Aún no vence","No","A la entrega"')
  })

  it('exports in batches: every row once, in order, past a batch', async () => {
    // Past a batch of 500: 1,010 more of Bruno's, half owed, on seven different days.
    await kit.database.pool.query(
      `INSERT INTO payment_instalments (number, folio, spei_reference, request_id, position,
         amount, state, due, due_date, due_at)
       SELECT n, 'PAG-' || lpad(n::text, 6, '0'), lpad(n::text, 7, '0'), $2, 1, 1,
         CASE WHEN n % 2 = 0 THEN 'due' ELSE 'scheduled' END, '{"on":"acceptance"}'::jsonb, NULL,
         ${startOfToday} - make_interval(days => n % 7)
       FROM generate_series(200, 1209) AS n`,
      [today, bruno.requestId],
    )
    try {
      const answer = await admin.get(`${csvPath}?q=bruno`)
      const rows = String(answer.body.text).split('\r\n').slice(1, -1)
      const page = await list('?q=bruno')
      expect(rows).toHaveLength(page.total)
      expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(page.total)
      expect(rows[0]?.split(',')[0]).toBe(`"${page.items[0]?.folio}"`)
    } finally {
      await kit.database.pool.query('DELETE FROM payment_instalments WHERE number >= 200')
    }
  })

  it('refuses hostile queries with 400 and a translated message, never a 5xx', async () => {
    const hostile = [
      'state=bogus',
      'state=Overdue',
      'method=bitcoin',
      'page=0',
      'page=-1',
      'page=1.5',
      'page=1e3',
      'page=9999999',
      'from=2026-02-30',
      'from=0000-01-01',
      'to=not-a-day',
      `q=${'x'.repeat(201)}`,
      'currency=USD',
      'status=received',
    ]
    for (const query of hostile)
      for (const path of [listPath, csvPath]) {
        const answer = await admin.get(`${path}?${query}`)
        expect(answer.status, `${path}?${query}`).toBe(400)
        expect(answer.body.code).toBe('invalid_fields')
      }
    const spanish = await admin.get(`${listPath}?state=bogus`, { 'accept-language': 'es' })
    expect(spanish.body.message).toBe('Algunos de los filtros no son válidos.')
    // Odd but harmless searches answer 200.
    for (const q of ['%', '_', '\\', "'; DROP TABLE users; --", 'pag-0', 'pd-2026-0', '🙂'])
      expect((await admin.get(`${listPath}?q=${encodeURIComponent(q)}`)).status, q).toBe(200)
  })

  it('is the admin inbox: 401 without a session, 403 to a client, 403 mfa_required without the second factor', async () => {
    const nobody = await fetch(`${kit.api.url}${listPath}`)
    expect(nobody.status).toBe(401)
    const client = await clientWithRequest(kit)
    for (const path of [listPath, csvPath])
      expect((await client.browser.get(path)).body.code).toBe('forbidden')
    const account = await kit.verifiedAccount()
    await setAccountRole(kit.database.pool, account.email, 'admin')
    const passwordOnly = await kit.signedIn(account)
    await enrolTotp(kit, passwordOnly)
    for (const path of [listPath, csvPath]) {
      const answer = await passwordOnly.get(path)
      expect(answer.status).toBe(403)
      expect(answer.body.code).toBe('mfa_required')
    }
  })
})
