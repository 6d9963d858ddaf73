// What the server benchmarks (bench-admin.ts, bench-workspace.ts) share: the real server started
// like `npm start` (built first when the sources changed) with a throw-away DATA_DIR, its
// embedded PostgreSQL through the socket for seeding, a browser's cookies for the API, and the
// figures they print.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { totpCode } from '../server/test/totp-code'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }

const root = fileURLToPath(new URL('..', import.meta.url))

/** Timed requests per measure after 10 warm-up ones (BENCH_SAMPLES, default 100). */
export const samples = Number(process.env.BENCH_SAMPLES ?? 100)

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
export function embeddedPool(dataDir: string): pg.Pool {
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

/** A running benchmark server: its address, its process and its database. */
export type BenchServer = {
  readonly baseURL: string
  readonly server: ChildProcess
  readonly pool: pg.Pool
}

/**
 * Runs `measure` against a fresh server (its output shown with BENCH_SERVER_LOG set, its
 * errors always), then stops it and removes its data, whatever happened.
 */
export async function withBenchServer(
  name: string,
  measure: (bench: BenchServer) => Promise<void>,
): Promise<void> {
  const buildDir = resolve(root, process.env.BENCH_BUILD_DIR || process.env.BUILD_DIR || 'dist')
  const dataDir = mkdtempSync(join(tmpdir(), `agency-bench-${name}-`))
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
      // No load balancer to wait for: a SIGTERM stops at once.
      SHUTDOWN_DELAY_MS: '0',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  })
  let pool: pg.Pool | undefined
  try {
    await waitForHealth(baseURL, server)
    pool = embeddedPool(dataDir)
    await measure({ baseURL, server, pool })
  } finally {
    await pool?.end().catch(() => {})
    server.kill('SIGTERM')
    await new Promise((done) =>
      server.exitCode !== null ? done(undefined) : server.once('exit', done),
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * A new account (tests/fixtures/valid-registration.json) made admin, signed in with a second
 * factor (the admin API wants one: an authenticator app turned on, then a recovery code);
 * `beforeSignIn` runs once the account exists (a benchmark's seeding).
 */
export async function signedInAdmin(
  baseURL: string,
  pool: pg.Pool,
  beforeSignIn: () => Promise<void> = async () => {},
): Promise<Browser> {
  const browser = new Browser(baseURL)
  await browser.start()
  const registered = await browser.json('POST', '/api/v1/auth/register', validRegistration)
  if (registered.status !== 201) throw new Error(`Registration failed: ${registered.status}`)
  await pool.query(
    `UPDATE users SET email_verified_at = now(), role = 'admin' WHERE lower(email) = lower($1)`,
    [validRegistration.email],
  )
  await beforeSignIn()
  const login = await browser.json('POST', '/api/v1/auth/login', {
    email: validRegistration.email,
    password: validRegistration.password,
  })
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`)
  // The admin API answers an admin who signed in with a second factor: an authenticator app,
  // turned on in this fresh session, counts as one.
  const started = await browser.json('POST', '/api/v1/me/factors/totp', {})
  if (started.status !== 200) throw new Error(`The app's key: ${started.status}`)
  const confirmed = await browser.json('POST', '/api/v1/me/factors/totp/confirm', {
    code: totpCode(started.body.secret as string, new Date()),
  })
  if (confirmed.status !== 200) throw new Error(`The app's code: ${confirmed.status}`)
  // Turning it on proves nothing about this session (it signed in with the password alone):
  // sign in again, the second step with one of the recovery codes just given.
  const again = await browser.json('POST', '/api/v1/auth/login', {
    email: validRegistration.email,
    password: validRegistration.password,
  })
  // 401 with the second step's methods: the password alone signs nobody in any more.
  if (again.status !== 401) throw new Error(`Second sign-in: ${again.status}`)
  const recoveryCode = (confirmed.body.recoveryCodes as string[])[0]
  const proved = await browser.json('POST', '/api/v1/auth/login/second-factor', {
    code: recoveryCode,
  })
  if (proved.status !== 200) throw new Error(`The second step: ${proved.status}`)
  return browser
}

/** A browser's cookies and XSRF header, kept across calls. */
export class Browser {
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

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/**
 * `ask` timed `samples` times in a row after 10 untimed warm-up calls, sorted (for
 * `percentile`); `ask` throws on a wrong answer.
 */
export async function sequentialTimings(ask: () => Promise<void>): Promise<number[]> {
  const timings: number[] = []
  for (let i = 0; i < samples + 10; i += 1) {
    const started = performance.now()
    await ask()
    const elapsed = performance.now() - started
    if (i >= 10) timings.push(elapsed)
  }
  return timings.sort((a, b) => a - b)
}

/** Where the figures were taken, for the line above the table. */
export function machineFacts(): string {
  return `over HTTP (loopback), ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(2)}, Node ${process.version}, embedded PostgreSQL`
}
