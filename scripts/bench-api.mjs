// `npm run bench:api`: requests per second, latency and the server's CPU time per request of
// the real server, with metrics and tracing off and on. Starts one BUILD_DIR server per mode
// (default ./dist; built first when missing), all at once on loopback, on one PostgreSQL (the
// embedded one, in a throw-away directory: scripts/bench-api/shared-postgres.ts), and loads them
// with autocannon in turn, then stops them.
// `npm run bench` (scripts/bench.mjs) imports `benchRegistrations` for its API figure.
//
// Paired and interleaved, so that a figure means something on a busy machine: each scenario runs
// BENCH_PAIRS times (default 6) on every mode, one short round after the other (BENCH_DURATION
// seconds, default 5, after a 1 s warm-up), the modes' order turned at each pair (off, metrics;
// metrics, off; …). Whatever else the machine does then weighs on a pair's rounds alike, and a
// mode's cost is the median of its per-pair ratios to off, not a ratio of medians taken minutes
// apart. CPU time per request comes from inside each server, process.cpuUsage() read over an IPC
// channel only the benchmark opens (scripts/bench-api/cpu-usage.mjs, loaded with --import).
//
// Before the rounds, every server's CPU time while idle (BENCH_IDLE seconds, default 10): a mode's
// fixed cost, which no request pays for alone.
// BENCH_MODES (default `off,metrics,tracing,metrics+tracing`; `off` is always measured),
// BENCH_SCENARIOS (register,resend,health), BENCH_CONNECTIONS (default 10). Metrics on is
// METRICS_PORT set with a scrape of /metrics every 5 s (as Prometheus does, a little more often);
// tracing on is OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP sink in this process that takes
// every batch (answers 200).
// The servers run with TRUST_PROXY=true: each request comes from its own X-Forwarded-For
// address, so the per-address rate limit (a real query per request) stays in the measured path
// without refusing the load.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }

const root = resolve(import.meta.dirname, '..')
let sequence = 0
const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

function registration(n) {
  return JSON.stringify({
    ...validRegistration,
    email: `bench-${process.pid}-${n}@example.com`,
    exteriorNumber: '222',
  })
}

const scenarios = {
  register: {
    name: 'POST /api/v1/auth/register (new account: argon2id + INSERT)',
    method: 'POST',
    path: '/api/v1/auth/register',
    expect: 201,
    body: registration,
  },
  resend: {
    name: 'POST /api/v1/auth/resend-recovery-email (unknown address: database only)',
    method: 'POST',
    path: '/api/v1/auth/resend-recovery-email',
    expect: 200,
    body: (n) => JSON.stringify({ email: `nobody-${process.pid}-${n}@example.com` }),
  },
  health: { name: 'GET /healthz (SELECT 1)', method: 'GET', path: '/healthz', expect: 200 },
}

/** A session cookie and its XSRF token, as the site's HTTP client gets them. */
async function session(baseURL) {
  const answer = await fetch(`${baseURL}/api/v1/auth/xsrf-token`)
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0])
  const token = cookies
    .find((cookie) => cookie.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length)
  if (!token) throw new Error('The server gave no XSRF-TOKEN cookie')
  return { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': token }
}

/**
 * `run(seconds)` loads `baseURL` with `scenario` for that long; `cpuUsage`, when given, reads
 * the server's CPU time (µs) before and after.
 */
async function load(baseURL, scenario, { duration, connections, headers, cpuUsage, warmUp = 2 }) {
  const run = (seconds) =>
    autocannon({
      url: baseURL,
      connections,
      duration: seconds,
      requests: [
        {
          method: scenario.method,
          path: scenario.path,
          setupRequest: (request) => {
            sequence += 1
            return {
              ...request,
              headers: { ...headers, 'x-forwarded-for': address(sequence) },
              ...(scenario.body ? { body: scenario.body(sequence) } : {}),
            }
          },
        },
      ],
    })
  if (warmUp > 0) await run(warmUp) // JIT, pool connections, PostgreSQL caches
  const cpuBefore = await cpuUsage?.()
  const result = await run(duration)
  const cpuAfter = await cpuUsage?.()
  return {
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / 1000 / result.requests.total,
    perSecond: result.requests.total / duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    // Anything but the expected status: non-2xx (a 409 or 429 here), errors, timeouts.
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/** Registrations/s and latency against a running server (started with TRUST_PROXY=true). */
export async function benchRegistrations({ baseURL, duration = 10, connections = 10 }) {
  return load(baseURL, scenarios.register, {
    duration,
    connections,
    headers: await session(baseURL),
  })
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = (sorted.length - 1) / 2
  return ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2
}
const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`

async function main() {
  const buildDir = resolve(root, process.env.BUILD_DIR || 'dist')
  const duration = Number(process.env.BENCH_DURATION ?? 5)
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
  const pairs = Number(process.env.BENCH_PAIRS ?? 6)
  if (!existsSync(join(buildDir, 'server/main.js'))) {
    console.log(`No build in ${buildDir}: building…`)
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BUILD_DIR: buildDir },
    })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const asked = (process.env.BENCH_MODES ?? 'off,metrics,tracing,metrics+tracing').split(',')
  const modes = ['off', ...asked.filter((mode) => mode !== 'off')]
  const chosen = process.env.BENCH_SCENARIOS?.split(',')
  const running = Object.entries(scenarios)
    .filter(([key]) => !chosen || chosen.includes(key))
    .map(([, scenario]) => scenario)
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-'))
  const startedAt = Date.now()
  const loadBefore = loadavg()[0] ?? 0
  const postgres = await startSharedPostgres(dataDir)
  const sink = await startOtlpSink()
  const servers = []
  /** results[mode][scenario] = one row per pair. */
  const results = new Map()
  /** Each mode's CPU ms per second while no request comes. */
  const idle = new Map()
  const idleSeconds = Number(process.env.BENCH_IDLE ?? 10)
  try {
    // One after the other: the first applies the migrations, the others find them done.
    for (const mode of modes)
      servers.push(await startServer(buildDir, mode, { sink: sink.url, databaseUrl: postgres.url }))
    for (const server of servers)
      for (const scenario of running)
        await load(server.baseURL, scenario, {
          duration: 2,
          connections,
          headers: server.headers,
          warmUp: 0,
        })
    // The fixed cost of a mode, with no request at all: every server idle at once.
    const idleBefore = await Promise.all(servers.map((server) => server.cpuUsage()))
    await new Promise((done) => setTimeout(done, idleSeconds * 1000))
    const idleAfter = await Promise.all(servers.map((server) => server.cpuUsage()))
    servers.forEach((server, index) => {
      idle.set(
        server.mode,
        ((idleAfter[index] ?? 0) - (idleBefore[index] ?? 0)) / 1000 / idleSeconds,
      )
    })
    for (let pair = 0; pair < pairs; pair += 1)
      for (const scenario of running) {
        // The order turns at every pair: off first, then last, …
        const order = servers.map((_, index) => servers[(index + pair) % servers.length])
        if (pair % 2 === 1) order.reverse()
        for (const server of order) {
          const row = await load(server.baseURL, scenario, {
            duration,
            connections,
            headers: server.headers,
            cpuUsage: server.cpuUsage,
            warmUp: 1,
          })
          const key = `${server.mode}\u0000${scenario.name}`
          results.set(key, [...(results.get(key) ?? []), row])
        }
      }
  } finally {
    for (const server of servers) await server.stop()
    await sink.close()
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const table = []
  const verdicts = []
  for (const scenario of running) {
    const off = results.get(`off\u0000${scenario.name}`) ?? []
    for (const mode of modes) {
      const rows = results.get(`${mode}\u0000${scenario.name}`) ?? []
      const ratios = rows.map((row, pair) => row.perSecond / (off[pair]?.perSecond ?? Number.NaN))
      const cpuRatios = rows.map(
        (row, pair) => row.cpuMsPerRequest / (off[pair]?.cpuMsPerRequest ?? Number.NaN),
      )
      table.push({
        scenario: scenario.name,
        mode,
        'req/s': Math.round(median(rows.map((row) => row.perSecond))),
        'vs off (median of pairs)': mode === 'off' ? '' : percent(median(ratios)),
        'pairs from … to':
          mode === 'off' ? '' : `${percent(Math.min(...ratios))} … ${percent(Math.max(...ratios))}`,
        'server CPU ms/request': median(rows.map((row) => row.cpuMsPerRequest)).toFixed(3),
        'CPU vs off': mode === 'off' ? '' : percent(median(cpuRatios)),
        'CPU pairs from … to':
          mode === 'off'
            ? ''
            : `${percent(Math.min(...cpuRatios))} … ${percent(Math.max(...cpuRatios))}`,
        'p50 ms': median(rows.map((row) => row.p50Ms)),
        'p99 ms': median(rows.map((row) => row.p99Ms)),
        requests: rows.reduce((total, row) => total + row.total, 0),
        'other answers': rows.reduce((total, row) => total + row.failures, 0),
      })
      if (mode === 'metrics')
        verdicts.push(
          `${scenario.name}: throughput ${percent(median(ratios))}, CPU per request ${percent(median(cpuRatios))} with metrics on (medians of ${rows.length} pairs)`,
        )
    }
  }
  console.log(
    `\nAPI benchmark: ${connections} connections; ${pairs} pairs of ${duration} s rounds (1 s warm-up each), modes interleaved; ${cpus().length} CPU(s), load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after, ${Math.round((Date.now() - startedAt) / 1000)} s; Node ${process.version}; embedded PostgreSQL (fsync on) shared by the ${servers.length} servers; OTLP batches received: ${sink.batches()}`,
  )
  console.table(table)
  console.log(
    `Idle, ${idleSeconds} s with no request: server CPU ms per second ${modes.map((mode) => `${mode} ${idle.get(mode)?.toFixed(1)}`).join(', ')}`,
  )
  for (const verdict of verdicts) console.log(verdict)
}

/** The PostgreSQL every server of the run shares (scripts/bench-api/shared-postgres.ts). */
async function startSharedPostgres(dataDir) {
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'scripts/bench-api/shared-postgres.ts'), dataDir],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout })
  const url = await new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`The benchmark's PostgreSQL exited (${code})`)))
    lines.on('line', (line) => {
      if (line.startsWith('{"databaseUrl"')) done(JSON.parse(line).databaseUrl)
    })
  })
  return {
    url,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', done)
        child.stdin.end()
      }),
  }
}

/** A collector stand-in: takes every OTLP/HTTP batch and answers 200, counting them. */
async function startOtlpSink() {
  let batches = 0
  const server = createHttpServer((request, response) => {
    request.resume()
    request.on('end', () => {
      if (request.url === '/v1/traces') batches += 1
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    batches: () => batches,
    close: () => new Promise((done) => server.close(done)),
  }
}

/** One server in `mode` on the shared database, until `stop()`. */
async function startServer(buildDir, mode, { sink, databaseUrl }) {
  const metrics = mode.includes('metrics')
  const tracing = mode.includes('tracing')
  const port = await freePort()
  const metricsPort = metrics ? await freePort() : undefined
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(join(root, 'scripts/bench-api/cpu-usage.mjs')).href,
      join(buildDir, 'server/main.js'),
    ],
    {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        CLIENT_DIR: join(buildDir, 'client'),
        DATABASE_URL: databaseUrl,
        // The benchmark's own key: a server on DATABASE_URL needs one.
        TOTP_ENCRYPTION_KEY: benchKey,
        TRUST_PROXY: 'true',
        SMTP_URL: '',
        // No load balancer to wait for: a SIGTERM stops at once.
        SHUTDOWN_DELAY_MS: '0',
        METRICS_PORT: metricsPort ? String(metricsPort) : '',
        OTEL_EXPORTER_OTLP_ENDPOINT: tracing ? sink : '',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  )
  const waiting = []
  server.on('message', (message) => waiting.shift()?.(message.cpuUsage))
  /** The server's CPU time so far, user + system, in µs. */
  const cpuUsage = () =>
    new Promise((done) => {
      waiting.push((usage) => done(usage.user + usage.system))
      server.send('cpu-usage')
    })
  let scraper
  const stop = async () => {
    clearInterval(scraper)
    if (server.exitCode !== null) return
    const exited = new Promise((done) => server.once('exit', done))
    server.kill('SIGTERM')
    await exited
  }
  try {
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`The server (${mode}) did not start`)
      await new Promise((done) => setTimeout(done, 100))
    }
    if (metricsPort) {
      const scrape = async () => {
        const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
        if (!answer.ok) throw new Error(`/metrics answered ${answer.status}`)
        await answer.text()
      }
      await scrape()
      scraper = setInterval(() => void scrape().catch((error) => console.error(error)), 5000)
    }
    return { mode, baseURL, headers: await session(baseURL), cpuUsage, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

const benchKey = randomBytes(32).toString('hex')

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
