// `npm run bench:workspace` (and the last step of `npm run bench`): a request's conversation and
// files on the real server (built first when the sources changed, like `npm start`) with a
// throw-away DATA_DIR:
// - the first page of a thread of 1,000 messages while the database holds 100,000 (seeded
//   through the embedded PostgreSQL's socket), BENCH_SAMPLES sequential requests (default 100)
//   after 10 warm-up: p50 / p95, target p95 < 100 ms;
// - a 10 MB upload and its download over loopback, BENCH_FILE_ROUNDS times (default 3): the
//   median of each, target < 1 s;
// - the server's resident memory while 20 clients download a 10 MB file at once, sampled every
//   20 ms: before, peak and after, target a peak well under the 200 MB the files add up to.
// A benchmark, not a test: it fails only when an answer is not the expected status.
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }

const root = fileURLToPath(new URL('..', import.meta.url))
const totalMessages = Number(process.env.BENCH_WORKSPACE_MESSAGES ?? 100_000)
const threadMessages = 1_000
const samples = Number(process.env.BENCH_SAMPLES ?? 100)
const fileRounds = Number(process.env.BENCH_FILE_ROUNDS ?? 3)
const fileBytes = 10 * 1024 * 1024
const downloaders = 20

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

function embeddedPool(dataDir: string): pg.Pool {
  const credentials = JSON.parse(
    readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { user: string; password: string }
  const pool = new pg.Pool({
    host: join(dataDir, 'postgres'),
    port: 5432,
    user: credentials.user,
    password: credentials.password,
    database: 'agency',
    max: 2,
  })
  // Stopping the server stops its PostgreSQL, which ends the pool's idle connections.
  pool.on('error', () => {})
  return pool
}

/** A browser's cookies and XSRF header, kept across calls. */
class Browser {
  readonly cookies = new Map<string, string>()
  constructor(private readonly baseURL: string) {}
  private remember(answer: Response) {
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
      ...extra,
    }
  }
  async start() {
    this.remember(await fetch(`${this.baseURL}/api/v1/auth/xsrf-token`))
  }
  async json(method: string, path: string, body?: unknown) {
    const answer = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    this.remember(answer)
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/** The server process's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

async function seed(pool: pg.Pool, clientId: string, requestId: string) {
  const started = Date.now()
  const others = totalMessages - threadMessages
  const perRequest = 100
  await pool.query(
    `WITH requests AS (
       INSERT INTO service_requests (user_id, service_id, need, desired_start, budget)
       SELECT $1, 'web-design', 'Another brief long enough, number ' || i, 'flexible', 'not-sure'
       FROM generate_series(1, $2::int) AS i RETURNING id
     )
     INSERT INTO thread_messages (request_id, author_id, side, body, created_at)
     SELECT r.id, $1, CASE WHEN n % 2 = 0 THEN 'client' ELSE 'agency' END,
       'A message of a typical length about the project, line ' || n || '.',
       now() - make_interval(mins => n)
     FROM requests r CROSS JOIN generate_series(1, $3::int) AS n`,
    [clientId, Math.ceil(others / perRequest), perRequest],
  )
  await pool.query(
    `INSERT INTO thread_messages (request_id, author_id, side, internal, body, created_at)
     SELECT $1, $2, CASE WHEN n % 3 = 0 THEN 'agency' ELSE 'client' END, n % 6 = 0,
       'Message ' || n || ' of the measured thread, with a few words more.',
       now() - make_interval(mins => $3::int - n)
     FROM generate_series(1, $3::int) AS n`,
    [requestId, clientId, threadMessages],
  )
  await pool.query('VACUUM ANALYZE')
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM thread_messages')
  console.log(
    `Seeded ${Number(rows[0]?.n).toLocaleString('en')} messages (${threadMessages.toLocaleString('en')} in the measured thread) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

async function main(): Promise<void> {
  const buildDir = resolve(root, process.env.BENCH_BUILD_DIR || process.env.BUILD_DIR || 'dist')
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-workspace-'))
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
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  })
  let pool: pg.Pool | undefined
  try {
    await waitForHealth(baseURL, server)
    pool = embeddedPool(dataDir)
    const browser = new Browser(baseURL)
    await browser.start()
    const registered = await browser.json('POST', '/api/v1/auth/register', validRegistration)
    if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status}`)
    await pool.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [
      validRegistration.email,
    ])
    const login = await browser.json('POST', '/api/v1/auth/login', {
      email: validRegistration.email,
      password: validRegistration.password,
    })
    if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`)
    const created = await browser.json('POST', '/api/v1/me/service-requests', {
      serviceId: 'web-design',
      need: 'A new website for our bakery, with an order form.',
      desiredStart: 'flexible',
      budget: 'not-sure',
    })
    if (created.status !== 201) throw new Error(`The request failed: ${created.status}`)
    const requestId = (created.body.request as { id: string }).id
    const clientId = (
      await pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
        validRegistration.email,
      ])
    ).rows[0]?.id
    if (!clientId) throw new Error('The client is missing')
    await seed(pool, clientId, requestId)

    // The first page of the thread.
    const timings: number[] = []
    for (let i = 0; i < samples + 10; i += 1) {
      const started = performance.now()
      const answer = await fetch(`${baseURL}/api/v1/me/service-requests/${requestId}/messages`, {
        headers: browser.headers(),
      })
      const page = (await answer.json()) as { messages?: unknown[] }
      const elapsed = performance.now() - started
      if (answer.status !== 200 || page.messages?.length !== 50)
        throw new Error(`The thread's page: ${answer.status}`)
      if (i >= 10) timings.push(elapsed)
    }
    timings.sort((a, b) => a - b)

    // A 10 MB upload and download.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(fileBytes - 9)])
    const digest = createHash('sha256').update(bytes).digest('hex')
    const uploads: number[] = []
    const downloads: number[] = []
    let fileId = ''
    for (let round = 0; round < fileRounds; round += 1) {
      const started = performance.now()
      const answer = await fetch(
        `${baseURL}/api/v1/me/uploads?request=${requestId}&name=scan-${round}.pdf`,
        {
          method: 'POST',
          headers: browser.headers({ 'content-type': 'application/pdf' }),
          body: bytes,
        },
      )
      const body = (await answer.json()) as { upload?: { id: string; sha256: string } }
      uploads.push(performance.now() - started)
      if (answer.status !== 201 || body.upload?.sha256 !== digest)
        throw new Error(`The upload: ${answer.status}`)
      fileId = body.upload.id
      const sent = await browser.json('POST', `/api/v1/me/service-requests/${requestId}/messages`, {
        body: `Scan ${round}`,
        files: [fileId],
      })
      if (sent.status !== 201) throw new Error(`The message: ${sent.status}`)
      const path = `/api/v1/me/service-requests/${requestId}/files/${fileId}`
      const fetched = performance.now()
      const download = await fetch(`${baseURL}${path}`, { headers: browser.headers() })
      const got = Buffer.from(await download.arrayBuffer())
      downloads.push(performance.now() - fetched)
      if (createHash('sha256').update(got).digest('hex') !== digest)
        throw new Error('The download differs from the upload')
    }

    // Memory while 20 clients download at once.
    const pid = server.pid ?? 0
    const before = rssMb(pid)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid))
    }, 20)
    const concurrent = performance.now()
    await Promise.all(
      Array.from({ length: downloaders }, async () => {
        const answer = await fetch(
          `${baseURL}/api/v1/me/service-requests/${requestId}/files/${fileId}`,
          { headers: browser.headers() },
        )
        let received = 0
        for await (const chunk of answer.body ?? []) received += (chunk as Uint8Array).length
        if (received !== bytes.length) throw new Error(`A download got ${received} bytes`)
      }),
    )
    const concurrentMs = performance.now() - concurrent
    clearInterval(sampler)
    const after = rssMb(pid)

    console.log(
      `\nWorkspace: ${samples} sequential requests after 10 warm-up; ${fileRounds} rounds of 10 MB; ${downloaders} concurrent downloads; over HTTP (loopback), ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(2)}, Node ${process.version}, embedded PostgreSQL`,
    )
    console.table([
      {
        measure: `thread of 1,000 (of ${totalMessages.toLocaleString('en')}): first page`,
        value: `p50 ${percentile(timings, 50)?.toFixed(1)} ms, p95 ${percentile(timings, 95)?.toFixed(1)} ms`,
        target: percentile(timings, 95) < 100 ? 'p95 < 100 ms: yes' : 'p95 < 100 ms: NO',
      },
      {
        measure: '10 MB upload (median)',
        value: `${median(uploads).toFixed(0)} ms`,
        target: median(uploads) < 1000 ? '< 1 s: yes' : '< 1 s: NO',
      },
      {
        measure: '10 MB download (median)',
        value: `${median(downloads).toFixed(0)} ms`,
        target: median(downloads) < 1000 ? '< 1 s: yes' : '< 1 s: NO',
      },
      {
        measure: `${downloaders} × 10 MB downloads at once: server RSS`,
        value: `before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB (${(concurrentMs / 1000).toFixed(1)} s)`,
        target: peak - before < 100 ? 'peak − before < 100 MB: yes' : 'peak − before < 100 MB: NO',
      },
    ])
  } finally {
    await pool?.end().catch(() => {})
    server.kill('SIGTERM')
    await new Promise((done) =>
      server.exitCode !== null ? done(undefined) : server.once('exit', done),
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
