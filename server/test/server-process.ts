import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { join, resolve } from 'node:path'
import type { PoolConfig } from 'pg'

/** Helpers for tests that run the real built server as a separate process (crash test, bench). */

const root = resolve(import.meta.dirname, '../..')

/**
 * Vite SSR build of server/main.ts only (the site is not needed), into a directory of its own;
 * `source` is the repository by default (another tree of it: a previous release's).
 */
export function buildServer(source: string = root): string {
  mkdirSync(join(source, '.tmp'), { recursive: true })
  // Inside the tree, so the bundle's bare imports resolve to node_modules.
  const outDir = mkdtempSync(join(source, '.tmp', 'server-build-'))
  buildServerInto(outDir, source)
  return outDir
}

/** buildServer's build into `outDir` (made already, or made here). */
export function buildServerInto(outDir: string, source: string = root): void {
  const script = `import { build } from 'vite'
await build({ mode: 'production', logLevel: 'warn', build: { ssr: 'server/main.ts', outDir: ${JSON.stringify(join(outDir, 'server'))}, emptyOutDir: true } })`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: source,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`The server build failed:\n${result.stderr}`)
  mkdirSync(join(outDir, 'client'), { recursive: true })
}

/**
 * A whole build of the site (client/, pages/, prerender/, chunks.json), for a test whose server
 * renders pages: SITE_BUILD_DIR or E2E_BUILD_DIR when set (a build made already, e.g.
 * `npm run build`'s dist/), else a new one in a directory of its own (minutes).
 */
export function siteBuild(): { readonly dir: string; readonly made: boolean } {
  const given = process.env.SITE_BUILD_DIR || process.env.E2E_BUILD_DIR
  if (given) return { dir: resolve(given), made: false }
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const dir = mkdtempSync(join(root, '.tmp', 'site-build-'))
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: dir },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`The site build failed:\n${result.stderr}`)
  return { dir, made: true }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolvePort(port))
    })
  })
}

export type RunningServer = {
  readonly child: ChildProcess
  readonly url: string
  readonly output: string[]
}

/**
 * Starts `node BUILD/server/main.js` on loopback and waits until /healthz answers 200. Its
 * public address names the loopback as `host` (`localhost` where passkeys or a browser's
 * cookies need a domain).
 */
export async function startServerProcess(
  buildDir: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
  host: '127.0.0.1' | 'localhost' = '127.0.0.1',
): Promise<RunningServer> {
  const port = await freePort()
  const url = `http://${host}:${port}`
  const output: string[] = []
  const child = spawn(process.execPath, [join(buildDir, 'server/main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      CLIENT_DIR: join(buildDir, 'client'),
      // A test's own key: these servers run on DATABASE_URL, which needs one.
      TOTP_ENCRYPTION_KEY: '07'.repeat(32),
      // No load balancer to wait for: a SIGTERM stops at once (a drain's test sets its own).
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}):\n${output.join('')}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, url, output }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`The server did not become healthy:\n${output.join('')}`)
}

export function exited(child: ChildProcess, timeoutMs = 15_000): Promise<number | null> {
  return new Promise((resolveExit, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveExit(child.exitCode)
    const timer = setTimeout(() => reject(new Error('The server did not exit')), timeoutMs)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolveExit(code)
    })
  })
}

/** DATABASE_URL for a test database's connection settings (a socket directory as `?host=`). */
export function databaseUrlOf(connection: PoolConfig): string {
  if (connection.connectionString) return connection.connectionString
  const url = new URL('postgresql://localhost')
  url.username = encodeURIComponent(String(connection.user ?? ''))
  url.password = encodeURIComponent(String(connection.password ?? ''))
  url.port = String(connection.port ?? 5432)
  url.pathname = `/${connection.database ?? ''}`
  const host = connection.host ?? 'localhost'
  if (host.startsWith('/')) url.searchParams.set('host', host)
  else url.hostname = host
  return url.toString()
}

/** The process ids below `pid` (children, grandchildren …), from `ps`. */
export function descendantsOf(pid: number): number[] {
  const listing = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout
  const children = new Map<number, number[]>()
  for (const line of listing.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number)
    if (child === undefined || parent === undefined || Number.isNaN(child)) continue
    children.set(parent, [...(children.get(parent) ?? []), child])
  }
  const found: number[] = []
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child)
      visit(child)
    }
  }
  visit(pid)
  return found
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolveListening) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolveListening(true)
    })
    socket.once('error', () => resolveListening(false))
  })
}

/**
 * The headers of a browser that has asked `baseUrl` for its XSRF token: JSON, its cookies and
 * the token echoed, as a change request (POST, PATCH, DELETE) must carry them.
 */
export async function xsrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const answer = await fetch(`${baseUrl}/api/v1/auth/xsrf-token`)
  const cookies = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '')
  const token = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice(11) ?? ''
  return { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': token }
}
