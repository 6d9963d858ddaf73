// `npm run bench:receivables`: how fast the admin inbox's Receivables list answers at 100,000
// instalments. Starts the real server (built first when the sources changed, like `npm start`)
// with a throw-away DATA_DIR, seeds its embedded PostgreSQL through the socket (2,000 clients,
// 50,000 requests with two instalments each: one INSERT … SELECT generate_series per table, and
// a payment for every paid or partly paid one), signs in an admin through the API (with an
// authenticator app: the admin API wants a second factor), then asks for the first page (the
// default order: overdue first), the overdue filter, a search by client, a search by folio and a
// deep page, BENCH_SAMPLES times each (default 100, sequentially, after 10 warm-up requests)
// over HTTP, and prints p50 / p95 and the load average. Target: p95 < 100 ms.
// BENCH_RECEIVABLES_ROWS sets the instalments (100,000 by default).
// A benchmark, not a test: it fails only when an answer is not 200.
import { loadavg } from 'node:os'
import type pg from 'pg'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }
import {
  type Browser,
  machineFacts,
  percentile,
  samples,
  sequentialTimings,
  signedInAdmin,
  withBenchServer,
} from './bench-server'

const rows = Number(process.env.BENCH_RECEIVABLES_ROWS ?? 100_000)
const requests = Math.ceil(rows / 2)

export async function seed(pool: pg.Pool, adminEmail: string): Promise<void> {
  const started = Date.now()
  await pool.query(
    `UPDATE users SET email_verified_at = now(), role = 'admin' WHERE lower(email) = lower($1)`,
    [adminEmail],
  )
  // 2,000 clients copied from the admin's row (a real argon2 hash; nobody signs in as them).
  await pool.query(
    `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
       interior_number, neighborhood, municipality, postal_code, city, state, country, gender,
       birth_date, locale, email_verified_at)
     SELECT 'client' || i || '@bench.example', u.password_hash, 'Name' || i,
       'Surname' || i || CASE WHEN i % 100 = 0 THEN ' Núñez' ELSE '' END,
       u.phone, u.street, u.exterior_number, u.interior_number, u.neighborhood, u.municipality,
       u.postal_code, u.city, u.state, u.country, u.gender, u.birth_date,
       CASE WHEN i % 2 = 0 THEN 'es' ELSE 'en' END, now()
     FROM users u CROSS JOIN generate_series(1, 2000) AS i WHERE lower(u.email) = lower($1)`,
    [adminEmail],
  )
  await pool.query(
    `WITH clients AS (
       SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM users
       WHERE email LIKE '%@bench.example'
     )
     INSERT INTO service_requests (user_id, service_id, status, need, desired_start, budget,
       created_at, updated_at, last_activity_at, number)
     SELECT c.id, 'web-development', (ARRAY['inProgress', 'delivered'])[i % 2 + 1],
       'A brief long enough to look like a real one, number ' || i || '.', 'flexible',
       'not-sure', now() - make_interval(mins => i * 10), now() - make_interval(mins => i * 10),
       now() - make_interval(mins => i * 10),
       'PD-2000-' || CASE WHEN i < 10000 THEN lpad(i::text, 4, '0') ELSE i::text END
     FROM generate_series(1, $1::int) AS i JOIN clients c ON c.n = i % 2000`,
    [requests],
  )
  // Two instalments per request, a deposit on acceptance and the rest on delivery or on a day,
  // over two years of requests: about a fifth overdue, a fifth partly paid or due, half paid,
  // some still to come, a few void.
  await pool.query(
    `WITH r AS (
       SELECT id, created_at, row_number() OVER (ORDER BY created_at DESC) AS n
       FROM service_requests
     ), i AS (
       SELECT r.id AS request_id, r.created_at, r.n, p.position,
         (r.n * 2 + p.position - 2)::int AS number
       FROM r CROSS JOIN (VALUES (1), (2)) AS p (position)
     ), s AS (
       SELECT i.*,
         CASE
           WHEN number % 10 IN (0, 1, 2, 3, 4) THEN 'paid'
           WHEN number % 10 = 5 THEN 'partlyPaid'
           WHEN number % 10 IN (6, 7) THEN 'due'
           WHEN number % 10 = 8 THEN 'scheduled'
           ELSE 'void'
         END AS state
       FROM i
     )
     INSERT INTO payment_instalments (number, folio, spei_reference, request_id, position,
       amount, paid, state, due, due_status, due_date, due_at, created_at, updated_at)
     SELECT number, 'PAG-' || lpad(number::text, 6, '0'), lpad(number::text, 7, '0'),
       request_id, position, 1_000_000 + (number % 97) * 10_000,
       CASE state WHEN 'paid' THEN 1_000_000 + (number % 97) * 10_000
         WHEN 'partlyPaid' THEN 400_000 ELSE 0 END,
       state,
       CASE WHEN position = 1 THEN '{"on":"acceptance"}'::jsonb
         WHEN number % 4 = 0 THEN jsonb_build_object('on', 'date', 'date',
           to_char(created_at + interval '30 days', 'YYYY-MM-DD'))
         ELSE '{"on":"status","status":"delivered"}'::jsonb END,
       CASE WHEN position = 2 AND number % 4 <> 0 THEN 'delivered' END,
       CASE WHEN position = 2 AND number % 4 = 0 THEN (created_at + interval '30 days')::date END,
       CASE WHEN state = 'scheduled' THEN NULL
         WHEN position = 1 THEN created_at ELSE created_at + interval '30 days' END,
       created_at, created_at
     FROM s
     WHERE number <= $1::int`,
    [rows],
  )
  // A payment for every instalment that received one, half SPEI, a quarter cash, a quarter card.
  await pool.query(
    `WITH paid AS (
       SELECT id, request_id, number, paid, due_at FROM payment_instalments WHERE paid > 0
     ), records AS (
       INSERT INTO payment_records (request_id, amount, paid_on, method, applied, credit,
         client_name, client_email, retain_until, created_at)
       SELECT request_id, paid, coalesce(due_at, now())::date + 3,
         (ARRAY['spei', 'spei', 'cash', 'card'])[number % 4 + 1],
         jsonb_build_array(jsonb_build_object('instalmentId', id, 'amount', paid)), 0,
         'Client', 'client@bench.example', now() + interval '5 years', now()
       FROM paid
       RETURNING id, request_id, amount, applied
     )
     INSERT INTO payment_events (instalment_id, payment_id, from_state, to_state, amount)
     SELECT (applied -> 0 ->> 'instalmentId')::uuid, id, 'due', 'paid', amount FROM records`,
  )
  await pool.query('VACUUM ANALYZE')
  const { rows: counts } = await pool.query<{ instalments: string; records: string }>(
    `SELECT (SELECT count(*) FROM payment_instalments) AS instalments,
       (SELECT count(*) FROM payment_records) AS records`,
  )
  console.log(
    `Seeded ${Number(counts[0]?.instalments).toLocaleString('en')} instalments over ${requests.toLocaleString('en')} requests (2,000 clients) and ${Number(counts[0]?.records).toLocaleString('en')} payments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

async function measure(browser: Browser, path: string) {
  let total = 0
  const timings = await sequentialTimings(async () => {
    const answer = await browser.json('GET', path)
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`)
    total = (answer.body.total as number | undefined) ?? 0
  })
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), total }
}

async function main(): Promise<void> {
  await withBenchServer('receivables', async ({ baseURL, pool }) => {
    const browser = await signedInAdmin(baseURL, pool, () => seed(pool, validRegistration.email))
    const deepPage = Math.max(1, Math.floor(rows / 25) - 5)
    const queries: [string, string][] = [
      ['first page (overdue first)', '/api/v1/admin/receivables'],
      ['overdue', '/api/v1/admin/receivables?state=overdue'],
      ['overdue, page 100', '/api/v1/admin/receivables?state=overdue&page=100'],
      ['open', '/api/v1/admin/receivables?state=open'],
      ['search "surname123" (a client)', '/api/v1/admin/receivables?q=surname123'],
      ['search "nunez" (finds Núñez)', '/api/v1/admin/receivables?q=nunez'],
      ['search "PAG-004321" (a folio)', '/api/v1/admin/receivables?q=PAG-004321'],
      ['search "PD-2000-4321" (a request)', '/api/v1/admin/receivables?q=PD-2000-4321'],
      ['paid by cash', '/api/v1/admin/receivables?method=cash'],
      [`page ${deepPage}`, `/api/v1/admin/receivables?page=${deepPage}`],
    ]
    const before = loadavg()
    const table: Record<string, string | number>[] = []
    for (const [name, path] of queries) {
      const figures = await measure(browser, path)
      table.push({
        query: name,
        'p50 ms': Number(figures.p50.toFixed(1)),
        'p95 ms': Number(figures.p95.toFixed(1)),
        total: figures.total,
        'p95 < 100 ms': figures.p95 < 100 ? 'yes' : 'NO',
      })
    }
    const after = loadavg()
    console.log(
      `\nReceivables at ${rows.toLocaleString('en')} instalments: ${samples} sequential requests per query after 10 warm-up, ${machineFacts()}`,
    )
    console.log(
      `Load average (1, 5, 15 min): before ${before.map((load) => load.toFixed(2)).join(', ')}; after ${after.map((load) => load.toFixed(2)).join(', ')}`,
    )
    console.table(table)
    const worst = table.reduce((a, b) => (Number(b['p95 ms']) > Number(a['p95 ms']) ? b : a))
    console.log(
      `Receivables at ${rows.toLocaleString('en')} instalments: first page p95 ${table[0]?.['p95 ms']} ms; slowest p95 ${worst['p95 ms']} ms (${worst.query})`,
    )
  })
}

// Run, not imported (a look at the plans imports `seed`).
if (import.meta.url === `file://${process.argv[1]}`) await main()
