// `npm run bench:api`: registrations per second and latency of the real server on its embedded
// PostgreSQL. Starts BUILD_DIR's server (default ./dist; built first when missing) on loopback
// with a throw-away DATA_DIR, loads it with autocannon, prints a table, and stops it.
// `npm run bench` (scripts/bench.mjs) imports `benchRegistrations` for its API figure.
//
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune the load.
// The server must run with TRUST_PROXY=true: each request comes from its own X-Forwarded-For
// address, so the per-address rate limit (a real query per request) stays in the measured
// path without refusing the load.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
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

async function load(baseURL, scenario, { duration, connections, headers }) {
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
  const result = await run(duration)
  return {
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
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-'))
  const port = await freePort()
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
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
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
    const headers = await session(baseURL)
    const rows = []
    for (const scenario of Object.values(scenarios)) {
      const figures = await load(baseURL, scenario, { duration, connections, headers })
      rows.push({
        scenario: scenario.name,
        'req/s': Math.round(figures.perSecond),
        'p50 ms': figures.p50Ms,
        'p99 ms': figures.p99Ms,
        requests: figures.total,
        expected: scenario.expect,
        'other answers': figures.failures,
      })
    }
    console.log(
      `\nAPI benchmark: ${connections} connections, ${duration} s per scenario after a 2 s warm-up, ${cpus().length} CPU(s), Node ${process.version}, embedded PostgreSQL (fsync on)`,
    )
    console.table(rows)
  } finally {
    server.kill('SIGTERM')
    await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
