import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from './db/migrate'
import { useAccountKit } from './test/account-kit'
import { ApiClient } from './test/api-harness'
import { clientWithRequest } from './test/request-kit'
import {
  databaseUrlOf,
  exited,
  freePort,
  type RunningServer,
  startServerProcess,
  xsrfHeaders,
} from './test/server-process'
import { sharedServerBuild } from './test/shared-server-build'
import { createTestDatabase, type TestDatabase, testBackends } from './test/test-database'

/**
 * The real built server as a deployment runs it: the probes, two instances behind a "load
 * balancer" while one of them is stopped, the metrics scraped, and the migrations run on their
 * own (docs/decisions/054, 055, 056).
 */
const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

/** One Prometheus sample: `name{labels} value`. */
type Sample = { readonly name: string; readonly labels: Record<string, string>; value: number }

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`Not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ''] = pair[2] ?? ''
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) })
  }
  return samples
}

/** The whole body of an event stream, as text, until the server ends it. */
function readStream(url: string, client: ApiClient) {
  const received: string[] = []
  const ended = (async () => {
    const response = await fetch(url, {
      headers: { ...client.baseHeaders(), accept: 'text/event-stream' },
    })
    if (response.status !== 200 || !response.body)
      throw new Error(`The stream was answered ${response.status}`)
    const decoder = new TextDecoder()
    for await (const chunk of response.body) received.push(decoder.decode(chunk, { stream: true }))
  })()
  return { text: () => received.join(''), ended }
}

describe('running in production', () => {
  const kit = useAccountKit(embedded)
  let buildDir: string
  const started: ChildProcess[] = []
  const others: TestDatabase[] = []

  beforeAll(async () => {
    buildDir = await sharedServerBuild()
  }, 120_000)
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const database of others) await database.drop()
  })

  async function instance(env: Record<string, string> = {}): Promise<RunningServer> {
    const server = await startServerProcess(buildDir, {
      DATABASE_URL: databaseUrlOf(kit.database.connection),
      ...env,
    })
    started.push(server.child)
    return server
  }

  it('answers /livez, /readyz and /healthz; /metrics on its own port only: route patterns, refusals, mails, outbox, pool, process', async () => {
    const metricsPort = await freePort()
    const server = await instance({ METRICS_PORT: String(metricsPort), SMTP_URL: kit.smtp.url })
    for (const [path, status] of [
      ['/livez', 'ok'],
      ['/readyz', 'ready'],
      ['/healthz', 'ok'],
    ] as const) {
      const answer = await fetch(`${server.url}${path}`)
      expect([path, answer.status, await answer.json()]).toEqual([path, 200, { status }])
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    // Two mails sent at once; two more waiting for two minutes, due in an hour (a retry).
    const sentBefore = kit.smtp.mails.length
    await kit.database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale)
       SELECT 'account_deleted', 'farewell' || n || '@example.com', 'en'
       FROM generate_series(1, 2) AS n`,
    )
    await kit.database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale, created_at, next_attempt_at)
       SELECT 'account_deleted', 'waiting' || n || '@example.com', 'en',
         now() - interval '120 seconds', now() + interval '1 hour'
       FROM generate_series(1, 2) AS n`,
    )
    // A deletion notice's row is deleted once sent, after it is counted: once both are gone,
    // the counter has both.
    await expect
      .poll(
        async () =>
          (
            await kit.database.pool.query(
              `SELECT count(*)::int AS n FROM mail_outbox WHERE recipient LIKE 'farewell%'`,
            )
          ).rows[0]?.n,
        { timeout: 15_000 },
      )
      .toBe(0)
    expect(kit.smtp.mails.length).toBe(sentBefore + 2)
    const id = '5b0e8a4e-3c1f-4d2a-9e7b-0c6d1f2a3b4c'
    expect((await fetch(`${server.url}/api/v1/me/service-requests/${id}/messages`)).status).toBe(
      401,
    )
    expect((await fetch(`${server.url}/api/v1/no-such-thing/${id}`)).status).toBe(404)

    // A fourth enquiry from one address in the hour is refused (a bot's: the honeypot is filled,
    // so nothing is stored or mailed).
    const headers = await xsrfHeaders(server.url)
    const statuses: number[] = []
    for (let n = 0; n < 4; n += 1) {
      const answer = await fetch(`${server.url}/api/v1/contact`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Bot',
          email: 'same.sender@example.com',
          service: 'e-commerce',
          budget: '25k-75k',
          message: 'Buy cheap links for your site today.',
          consent: true,
          website: 'https://spam.example',
          elapsedMs: 12_000,
        }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 429])

    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await scrape.text()
    const samples = parseMetrics(text)
    const one = (name: string, labels: Record<string, string> = {}) =>
      samples.find(
        (sample) =>
          sample.name === name &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      )?.value

    expect(
      one('http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/me/service-requests/:id/messages',
        status: '401',
      }),
    ).toBe(1)
    expect(one('http_request_duration_seconds_count', { route: '/api/*', status: '404' })).toBe(1)
    expect(one('http_request_duration_seconds_count', { route: '/readyz', status: '200' })).toBe(1)
    expect(
      one('http_request_duration_seconds_count', { route: '/api/v1/contact', status: '429' }),
    ).toBe(1)
    expect(one('rate_limit_refusals_total', { rule: 'contact:email' })).toBe(1)
    // Never an id, a path of its own or an address in a label.
    const labelValues = samples.flatMap((sample) => Object.values(sample.labels))
    expect(
      labelValues.filter((value) => value.includes(id) || value.includes('127.0.0.1')),
    ).toEqual([])
    const { rows } = await kit.database.pool.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM mail_outbox WHERE status = 'pending'`,
    )
    expect(one('mail_outbox_backlog')).toBe(rows[0]?.pending)
    expect(one('mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(120)
    expect(one('db_pool_connections_in_use')).toBeGreaterThanOrEqual(0)
    expect(one('db_pool_waiting_requests')).toBe(0)
    expect(one('live_streams_open')).toBe(0)
    expect(one('mail_sent_total')).toBe(2)
    expect(one('uploads_stored_total')).toBe(0)
    expect(one('process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(one('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0)
    expect(text).toContain('# TYPE mail_refused_total counter')

    // The metrics port answers /metrics alone (the public app has no such route).
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404)

    server.child.kill('SIGTERM')
    expect(await exited(server.child, 30_000)).toBe(0)
  }, 90_000)

  it('SIGTERM to one of two instances: /readyz 503 at once, it serves on for the delay, ends its streams with a retry hint, and no request fails', async () => {
    const env = { SHUTDOWN_DELAY_MS: '3000' }
    const [first, second] = await Promise.all([instance(env), instance(env)])
    if (!first || !second) throw new Error('Two instances')
    const { browser, requestId } = await clientWithRequest(kit)
    const client = (url: string) => {
      const copy = new ApiClient(url)
      for (const [name, value] of browser.cookies) copy.cookies.set(name, value)
      return copy
    }

    // The load balancer: sends to the instances whose /readyz said 200 at its last probe.
    const pool = [
      { server: first, ready: false, served: 0 },
      { server: second, ready: false, served: 0 },
    ]
    let running = true
    const probing = Promise.all(
      pool.map(async (member) => {
        while (running) {
          member.ready = await fetch(`${member.server.url}/readyz`).then(
            (answer) => answer.status === 200,
            () => false,
          )
          await new Promise((wait) => setTimeout(wait, 100))
        }
      }),
    )
    const failures: string[] = []
    let turn = 0
    const traffic = Promise.all(
      [1, 2, 3, 4].map(async () => {
        while (running) {
          const ready = pool.filter((member) => member.ready)
          const member = ready[turn++ % Math.max(1, ready.length)]
          if (!member) {
            await new Promise((wait) => setTimeout(wait, 20))
            continue
          }
          const answer = await client(member.server.url)
            .get('/api/v1/me')
            .catch((error: unknown) => ({ status: 0, body: { error: String(error) } }))
          if (answer.status === 200) member.served += 1
          else
            failures.push(`${member.server.url}: ${answer.status} ${JSON.stringify(answer.body)}`)
        }
      }),
    )
    await expect
      .poll(() => pool.every((member) => member.served >= 20), { timeout: 30_000 })
      .toBe(true)

    const stream = readStream(
      `${first.url}/api/v1/me/service-requests/${requestId}/events`,
      client(first.url),
    )
    await expect.poll(() => stream.text(), { timeout: 10_000 }).toContain('retry: 2000')

    const signalledAt = Date.now()
    const servedAtSignal = pool[0]?.served ?? 0
    first.child.kill('SIGTERM')
    // The signal arrives a moment after it is sent; then /readyz turns at once.
    await expect
      .poll(
        async () => {
          const readyz = await fetch(`${first.url}/readyz`)
          return [readyz.status, await readyz.json()]
        },
        { timeout: 2_000, interval: 20 },
      )
      .toEqual([503, { status: 'draining' }])
    // Still serving: the load balancer has not taken it out yet.
    expect((await client(first.url).get('/api/v1/me')).status).toBe(200)
    expect((await fetch(`${first.url}/livez`)).status).toBe(200)
    expect(first.child.exitCode).toBeNull()

    expect(await exited(first.child, 30_000)).toBe(0)
    const stoppedMs = Date.now() - signalledAt
    const servedWhileDraining = (pool[0]?.served ?? 0) - servedAtSignal
    await stream.ended
    expect(stream.text()).toMatch(/retry: 2000\n\n[\s\S]*retry: \d+\n\n$/)
    const servedBySecond = pool[1]?.served ?? 0
    await expect
      .poll(() => pool[1]?.served ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(servedBySecond + 20)
    running = false
    await Promise.all([traffic, probing])
    console.log(
      [
        'Two instances, one stopped by SIGTERM under steady traffic (SHUTDOWN_DELAY_MS=3000):',
        `  served: first ${pool[0]?.served}, second ${pool[1]?.served}; failed ${failures.length}`,
        `  the first served ${servedWhileDraining} of the balanced requests after the signal (until its probe said 503), and exited ${stoppedMs} ms after it`,
      ].join('\n'),
    )
    expect(failures).toEqual([])
    const log = first.output.join('')
    expect(log).toContain('"event":"server.stopping","signal":"SIGTERM","delayMs":3000')
    expect(log).toContain('"event":"server.stopped","code":0')
    second.child.kill('SIGTERM')
    expect(await exited(second.child, 30_000)).toBe(0)
  }, 120_000)

  it('MIGRATE_ON_START=false: not ready while a migration is behind; `npm run db:migrate` applies it', async () => {
    const last = migrations.at(-1)
    if (!last) throw new Error('No migrations')
    const behind = await createTestDatabase(embedded, 2, {
      before: last.tag,
      all: migrations,
    })
    others.push(behind)
    const env = { DATABASE_URL: databaseUrlOf(behind.connection) }
    const server = await instance({ ...env, MIGRATE_ON_START: 'false' })
    const notReady = await fetch(`${server.url}/readyz`)
    expect([notReady.status, await notReady.json()]).toEqual([
      503,
      { status: 'migrations_pending' },
    ])
    expect((await fetch(`${server.url}/livez`)).status).toBe(200)

    const runMigrate = async () => {
      const npm = spawn('npm', ['run', '--silent', 'db:migrate'], {
        env: { ...process.env, ...env, BUILD_DIR: buildDir, TOTP_ENCRYPTION_KEY: '07'.repeat(32) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      started.push(npm)
      const output: string[] = []
      npm.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      npm.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      const code = await exited(npm, 60_000)
      return { code, output: output.join('') }
    }
    const migrated = await runMigrate()
    expect(migrated.code, migrated.output).toBe(0)
    expect(migrated.output).toContain(
      `"event":"db.migrated","applied":["${last.tag}"],"seeded":true`,
    )
    await expect
      .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 })
      .toBe(200)
    const again = await runMigrate()
    expect(again.code, again.output).toBe(0)
    expect(again.output).toContain('"event":"db.migrated","applied":[],"seeded":false')

    server.child.kill('SIGTERM')
    expect(await exited(server.child, 30_000)).toBe(0)
  }, 120_000)
})
