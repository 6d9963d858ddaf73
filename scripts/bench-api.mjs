// `npm run bench:api`: registrations per second and latency of the real server on its embedded
// PostgreSQL. Starts BUILD_DIR's server (default ./dist; built first when missing) on loopback
// with a throw-away DATA_DIR, loads it with autocannon, prints a table, and stops it.
// `npm run bench` (scripts/bench.mjs) imports `benchRegistrations` for its API figure.
//
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune the load.
// Each scenario runs with metrics and tracing off and on (BENCH_MODES, default
// `off,metrics,tracing,metrics+tracing`; BENCH_ROUNDS, default 1, repeats them all, reporting
// each mode's median): metrics on is METRICS_PORT set with a scrape of /metrics every 5 s (as
// Prometheus does, a little more often); tracing on is OTEL_EXPORTER_OTLP_ENDPOINT pointing at
// an OTLP sink in this process that takes every batch (answers 200).
// The server must run with TRUST_PROXY=true: each request comes from its own X-Forwarded-For
// address, so the per-address rate limit (a real query per request) stays in the measured
// path without refusing the load.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
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
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; undefined
 * elsewhere). Per request it says what a request costs the server, far less swayed than
 * requests/s by whatever else the machine runs.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    // utime and stime: fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

async function load(baseURL, scenario, { duration, connections, headers, pid }) {
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
  await run(2) // warm-up: JIT, pool connections, PostgreSQL caches
  const cpuBefore = pid === undefined ? undefined : cpuMsOf(pid)
  const result = await run(duration)
  const cpuAfter = pid === undefined ? undefined : cpuMsOf(pid)
  return {
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
    perSecond: result.requests.average,
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

async function main() {
  const buildDir = resolve(root, process.env.BUILD_DIR || 'dist')
  const duration = Number(process.env.BENCH_DURATION ?? 10)
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
  if (!existsSync(join(buildDir, 'server/main.js'))) {
    console.log(`No build in ${buildDir}: building…`)
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BUILD_DIR: buildDir },
    })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const modes = (process.env.BENCH_MODES ?? 'off,metrics,tracing,metrics+tracing').split(',')
  const chosen = process.env.BENCH_SCENARIOS?.split(',')
  const running = Object.entries(scenarios)
    .filter(([key]) => !chosen || chosen.includes(key))
    .map(([, scenario]) => scenario)
  // One database for every mode: a restart finds it ready (no initdb per mode).
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-'))
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1)
  const sink = await startOtlpSink()
  const results = new Map()
  try {
    for (let round = 0; round < rounds; round += 1)
      for (const mode of modes) {
        const rows = await benchMode(buildDir, mode, {
          duration,
          connections,
          sink: sink.url,
          dataDir,
          scenarios: running,
        })
        for (const row of rows) {
          const key = `${mode}\u0000${row.scenario}`
          results.set(key, [...(results.get(key) ?? []), row])
        }
      }
  } finally {
    await sink.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = (sorted.length - 1) / 2
    return ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2
  }
  const table = []
  for (const scenario of running) {
    const base = median(results.get(`off\u0000${scenario.name}`)?.map((row) => row.perSecond) ?? [])
    for (const mode of modes) {
      const rows = results.get(`${mode}\u0000${scenario.name}`) ?? []
      const perSecond = median(rows.map((row) => row.perSecond))
      table.push({
        scenario: scenario.name,
        mode,
        'req/s': Math.round(perSecond),
        'vs off': base ? `${(((perSecond - base) / base) * 100).toFixed(1)} %` : '',
        'req/s each round': rows.map((row) => Math.round(row.perSecond)).join(' '),
        'server CPU ms/request': rows.some((row) => row.cpuMsPerRequest === undefined)
          ? ''
          : median(rows.map((row) => row.cpuMsPerRequest)).toFixed(3),
        'p50 ms': median(rows.map((row) => row.p50Ms)),
        'p99 ms': median(rows.map((row) => row.p99Ms)),
        requests: rows.reduce((total, row) => total + row.total, 0),
        'other answers': rows.reduce((total, row) => total + row.failures, 0),
      })
    }
  }
  console.log(
    `\nAPI benchmark: ${connections} connections, ${duration} s per scenario after a 2 s warm-up, ${rounds} round(s) (medians), ${cpus().length} CPU(s), Node ${process.version}, embedded PostgreSQL (fsync on); OTLP batches received: ${sink.batches()}`,
  )
  console.table(table)
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

/** One server started in `mode`, every scenario against it, and stopped. */
async function benchMode(buildDir, mode, { duration, connections, sink, dataDir, scenarios }) {
  const metrics = mode.includes('metrics')
  const tracing = mode.includes('tracing')
  const port = await freePort()
  const metricsPort = metrics ? await freePort() : undefined
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [join(buildDir, 'server/main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      CLIENT_DIR: join(buildDir, 'client'),
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      DATABASE_URL: '',
      SMTP_URL: '',
      // No load balancer to wait for: a SIGTERM stops at once.
      SHUTDOWN_DELAY_MS: '0',
      METRICS_PORT: metricsPort ? String(metricsPort) : '',
      OTEL_EXPORTER_OTLP_ENDPOINT: tracing ? sink : '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let scraper
  try {
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error('The server did not start')
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
    const headers = await session(baseURL)
    const rows = []
    for (const scenario of scenarios) {
      const figures = await load(baseURL, scenario, {
        duration,
        connections,
        headers,
        pid: server.pid,
      })
      rows.push({ scenario: scenario.name, ...figures })
    }
    return rows
  } finally {
    clearInterval(scraper)
    server.kill('SIGTERM')
    await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)))
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
