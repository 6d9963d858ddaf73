// `npm run bench:admin` (and the last step of `npm run bench`): how fast the admin inbox's lists
// answer at 100,000 enquiries and 100,000 service requests. Starts the real server (built first
// when the sources changed, like `npm start`) with a throw-away DATA_DIR, seeds its embedded
// PostgreSQL through the socket (one INSERT … SELECT generate_series per table), signs in an
// admin through the API (who turns an authenticator app on: the admin API wants a second
// factor), then asks each list (the requests' first page in the order of the latest activity,
// the default, and by creation) BENCH_SAMPLES times (default 100, sequentially, after 10
// warm-up requests) over HTTP and prints p50 / p95 per query. Target: p95 < 100 ms.
// BENCH_ADMIN_ROWS sets the rows per list (100,000 by default; `npm run bench` also runs it at
// 1,000,000, which seeds in a minute or two).
// A benchmark, not a test: it fails only when an answer is not 200.
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

const rows = Number(process.env.BENCH_ADMIN_ROWS ?? 100_000)
const services = [
  'web-development',
  'e-commerce',
  'iot',
  'hosting',
  'branding',
  'mobile-applications',
  'seo',
  'cloud-solutions',
]

async function seed(pool: pg.Pool, adminEmail: string): Promise<void> {
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
       -- One client in a hundred has an accented surname (the accent-insensitive search).
       'Surname' || i || CASE WHEN i % 100 = 0 THEN ' Núñez' ELSE '' END,
       u.phone, u.street, u.exterior_number, u.interior_number, u.neighborhood, u.municipality,
       u.postal_code, u.city, u.state, u.country, u.gender, u.birth_date,
       CASE WHEN i % 2 = 0 THEN 'es' ELSE 'en' END, now()
     FROM users u CROSS JOIN generate_series(1, 2000) AS i WHERE lower(u.email) = lower($1)`,
    [adminEmail],
  )
  // One row every five minutes back from now: a year of enquiries and of requests.
  await pool.query(
    `INSERT INTO contact_enquiries (name, email, phone, company, service_id, budget, message,
       locale, created_at, handled_at)
     SELECT 'Visitor ' || i || CASE WHEN i % 1000 = 0 THEN ' Zúñiga' ELSE '' END,
       'visitor' || i || '@example.com', '', 'Company ' || (i % 997),
       ($2::text[])[i % array_length($2::text[], 1) + 1], 'not-sure',
       'A message long enough to look like a real one, about the project ' || i || '.',
       CASE WHEN i % 2 = 0 THEN 'es' ELSE 'en' END,
       now() - make_interval(mins => i * 5),
       CASE WHEN i % 4 = 0 THEN now() - make_interval(mins => i * 5 - 60) END
     FROM generate_series(1, $1::int) AS i`,
    [rows, services],
  )
  await pool.query(
    `WITH clients AS (
       SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM users
       WHERE email LIKE '%@bench.example'
     ), requests AS (
       INSERT INTO service_requests (user_id, service_id, status, need, desired_start, budget,
         created_at, updated_at, last_activity_at, number)
       SELECT c.id, ($2::text[])[i % array_length($2::text[], 1) + 1],
         (ARRAY['received', 'inReview', 'proposalSent', 'inProgress', 'delivered', 'declined',
           'withdrawn'])[i % 7 + 1],
         'A brief long enough to look like a real one, number ' || i || '.', 'flexible',
         'not-sure', now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5),
         -- One request in ten had activity since (a message, a status change) a day later.
         now() - make_interval(mins => i * 5) + CASE WHEN i % 10 = 0 THEN interval '1 day'
           ELSE interval '0' END,
         'PD-2000-' || CASE WHEN i < 10000 THEN lpad(i::text, 4, '0') ELSE i::text END
       FROM generate_series(1, $1::int) AS i JOIN clients c ON c.n = i % 2000
       RETURNING id, status, created_at
     )
     INSERT INTO service_request_history (request_id, from_status, to_status, by_role, created_at)
     SELECT id, NULL, 'received', 'client', created_at FROM requests`,
    [rows, services],
  )
  // As autovacuum leaves a table after a bulk insert: statistics and the visibility map (which
  // lets index-only scans skip the table) up to date.
  await pool.query('VACUUM ANALYZE')
  console.log(
    `Seeded ${rows.toLocaleString('en')} enquiries and ${rows.toLocaleString('en')} service requests (2,000 clients) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
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
  await withBenchServer('admin', async ({ baseURL, pool }) => {
    const browser = await signedInAdmin(baseURL, pool, () => seed(pool, validRegistration.email))
    const deepPage = Math.max(1, Math.floor(rows / 25) - 5)
    const queries: [string, string][] = [
      ['enquiries: first page', '/api/v1/admin/enquiries'],
      [
        'enquiries: open, one service, a month',
        `/api/v1/admin/enquiries?handled=no&service=iot&from=${day(-120)}&to=${day(-90)}`,
      ],
      ['enquiries: search "visitor 4321"', '/api/v1/admin/enquiries?q=visitor%204321'],
      ['enquiries: search "@example"', '/api/v1/admin/enquiries?q=%40example'],
      ['enquiries: search "ZUNIGA" (finds Zúñiga)', '/api/v1/admin/enquiries?q=ZUNIGA'],
      [`enquiries: page ${deepPage}`, `/api/v1/admin/enquiries?page=${deepPage}`],
      ['requests: first page', '/api/v1/admin/service-requests'],
      ['requests: first page by creation', '/api/v1/admin/service-requests?sort=created'],
      [
        'requests: search "PD-2000-4321" (a number)',
        '/api/v1/admin/service-requests?q=PD-2000-4321',
      ],
      [
        'requests: in review, one service, a month',
        `/api/v1/admin/service-requests?status=inReview&service=hosting&from=${day(-120)}&to=${day(-90)}`,
      ],
      ['requests: search "surname123"', '/api/v1/admin/service-requests?q=surname123'],
      ['requests: search "nunez" (finds Núñez)', '/api/v1/admin/service-requests?q=nunez'],
      [`requests: page ${deepPage}`, `/api/v1/admin/service-requests?page=${deepPage}`],
    ]
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
    console.log(
      `\nAdmin lists at ${rows.toLocaleString('en')} rows each: ${samples} sequential requests per query after 10 warm-up, ${machineFacts()}`,
    )
    console.table(table)
    const worst = table.reduce((a, b) => (Number(b['p95 ms']) > Number(a['p95 ms']) ? b : a))
    const firstPages = table.filter((row) => String(row.query).endsWith('first page'))
    console.log(
      `Admin lists at ${rows.toLocaleString('en')} rows: first pages p95 ${firstPages.map((row) => `${row['p95 ms']} ms`).join(' / ')} (enquiries / requests); slowest p95 ${worst['p95 ms']} ms (${worst.query})`,
    )
  })
}

/** YYYY-MM-DD, `offset` days from today (UTC). */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

await main()
