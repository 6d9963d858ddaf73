// `npm run bench:admin` (and the last step of `npm run bench`): how fast the admin inbox's lists
// answer at 100,000 enquiries and 100,000 service requests. Starts the real server (built first
// when the sources changed, like `npm start`) with a throw-away DATA_DIR, seeds its embedded
// PostgreSQL through the socket (one INSERT … SELECT generate_series per table), signs in an
// admin through the API, then asks each list BENCH_SAMPLES times (default 100, sequentially,
// after 10 warm-up requests) over HTTP and prints p50 / p95 per query. Target: p95 < 100 ms.
// A benchmark, not a test: it fails only when an answer is not 200.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }

const root = fileURLToPath(new URL('..', import.meta.url))
const rows = Number(process.env.BENCH_ADMIN_ROWS ?? 100_000)
const samples = Number(process.env.BENCH_SAMPLES ?? 100)
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

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(baseURL: string, server: { exitCode: number | null }) {
  // A first run builds the site and the server before it listens.
  const deadline = Date.now() + 600_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`)
    if (Date.now() > deadline) throw new Error('The server did not become healthy')
    const ok = await fetch(`${baseURL}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (ok) return
    await new Promise((done) => setTimeout(done, 200))
  }
}

/** The embedded server's superuser, through its socket (DATA_DIR/postgres, a short path). */
function embeddedPool(dataDir: string): pg.Pool {
  const credentials = JSON.parse(
    readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { user: string; password: string }
  return new pg.Pool({
    host: join(dataDir, 'postgres'),
    port: 5432,
    user: credentials.user,
    password: credentials.password,
    database: 'agency',
    max: 2,
  })
}

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
     SELECT 'client' || i || '@bench.example', u.password_hash, 'Name' || i, 'Surname' || i,
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
     SELECT 'Visitor ' || i, 'visitor' || i || '@example.com', '', 'Company ' || (i % 997),
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
         created_at, updated_at)
       SELECT c.id, ($2::text[])[i % array_length($2::text[], 1) + 1],
         (ARRAY['received', 'inReview', 'proposalSent', 'inProgress', 'delivered', 'declined',
           'withdrawn'])[i % 7 + 1],
         'A brief long enough to look like a real one, number ' || i || '.', 'flexible',
         'not-sure', now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5)
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

async function signIn(baseURL: string): Promise<Record<string, string>> {
  const token = await fetch(`${baseURL}/api/v1/auth/xsrf-token`)
  const cookies = new Map(
    token.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)] as const
    }),
  )
  const headers = () => ({
    'content-type': 'application/json',
    'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  })
  const login = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email: validRegistration.email, password: validRegistration.password }),
  })
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`)
  for (const line of login.headers.getSetCookie()) {
    const [pair = ''] = line.split(';')
    const at = pair.indexOf('=')
    cookies.set(pair.slice(0, at), pair.slice(at + 1))
  }
  return { cookie: headers().cookie }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

async function measure(baseURL: string, path: string, headers: Record<string, string>) {
  const timings: number[] = []
  let total = 0
  for (let i = 0; i < samples + 10; i += 1) {
    const started = performance.now()
    const answer = await fetch(`${baseURL}${path}`, { headers })
    const body = (await answer.json()) as { total?: number }
    const elapsed = performance.now() - started
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`)
    total = body.total ?? 0
    if (i >= 10) timings.push(elapsed)
  }
  timings.sort((a, b) => a - b)
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), total }
}

async function main(): Promise<void> {
  const buildDir = resolve(root, process.env.BENCH_BUILD_DIR || process.env.BUILD_DIR || 'dist')
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-admin-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let pool: pg.Pool | undefined
  try {
    await waitForHealth(baseURL, server)
    pool = embeddedPool(dataDir)
    const registered = await fetch(`${baseURL}/api/v1/auth/xsrf-token`).then(async (token) => {
      const cookies = token.headers.getSetCookie().map((line) => line.split(';')[0])
      const xsrf = cookies.find((c) => c?.startsWith('XSRF-TOKEN='))?.slice(11) ?? ''
      return fetch(`${baseURL}/api/v1/auth/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': xsrf,
          cookie: cookies.join('; '),
        },
        body: JSON.stringify(validRegistration),
      })
    })
    if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status}`)
    await seed(pool, validRegistration.email)
    const headers = await signIn(baseURL)
    const deepPage = Math.max(1, Math.floor(rows / 25) - 5)
    const queries: [string, string][] = [
      ['enquiries: first page', '/api/v1/admin/enquiries'],
      [
        'enquiries: open, one service, a month',
        `/api/v1/admin/enquiries?handled=no&service=iot&from=${day(-120)}&to=${day(-90)}`,
      ],
      ['enquiries: search "visitor 4321"', '/api/v1/admin/enquiries?q=visitor%204321'],
      ['enquiries: search "@example"', '/api/v1/admin/enquiries?q=%40example'],
      [`enquiries: page ${deepPage}`, `/api/v1/admin/enquiries?page=${deepPage}`],
      ['requests: first page', '/api/v1/admin/service-requests'],
      [
        'requests: in review, one service, a month',
        `/api/v1/admin/service-requests?status=inReview&service=hosting&from=${day(-120)}&to=${day(-90)}`,
      ],
      ['requests: search "surname123"', '/api/v1/admin/service-requests?q=surname123'],
      [`requests: page ${deepPage}`, `/api/v1/admin/service-requests?page=${deepPage}`],
    ]
    const table: Record<string, string | number>[] = []
    for (const [name, path] of queries) {
      const figures = await measure(baseURL, path, headers)
      table.push({
        query: name,
        'p50 ms': Number(figures.p50.toFixed(1)),
        'p95 ms': Number(figures.p95.toFixed(1)),
        total: figures.total,
        'p95 < 100 ms': figures.p95 < 100 ? 'yes' : 'NO',
      })
    }
    console.log(
      `\nAdmin lists at ${rows.toLocaleString('en')} rows each: ${samples} sequential requests per query after 10 warm-up, over HTTP (loopback), ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(2)}, Node ${process.version}, embedded PostgreSQL`,
    )
    console.table(table)
  } finally {
    await pool?.end().catch(() => {})
    server.kill('SIGTERM')
    await new Promise((done) =>
      server.exitCode !== null ? done(undefined) : server.once('exit', done),
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** YYYY-MM-DD, `offset` days from today (UTC). */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

await main()
