import { type ChildProcess, spawn } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from './embedded-postgres'
import { isAlive, postmasterPid } from './stale-postmaster'

const dirs: string[] = []
const children: ChildProcess[] = []

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agency-embedded-test-'))
  dirs.push(dir)
  return dir
}

async function query(connection: pg.PoolConfig, sql: string, values: unknown[] = []) {
  const client = new pg.Client(connection)
  await client.connect()
  try {
    return (await client.query(sql, values)).rows
  } finally {
    await client.end()
  }
}

/** A separate Node process that owns an embedded server, as `npm start` would. */
async function startOwnerProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'embedded-postgres-child.fixture.ts')],
    {
      env: { ...process.env, DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the owner process did not start')), 30_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`the owner process exited (${code})`)))
  })
  return child
}

afterAll(async () => {
  // Whatever a failed test left running in our directories is ours to stop.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) {
    const pid = postmasterPid(join(dir, 'postgres'))
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGQUIT')
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('embedded PostgreSQL', () => {
  it('creates a cluster in DATA_DIR, reachable only by its socket, and keeps the data across restarts', async () => {
    const dir = dataDir()
    const first = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    expect(first.connection.host).toBe(join(dir, 'postgres'))
    const [settings] = await query(
      first.connection,
      "SELECT current_setting('listen_addresses') AS listen, current_setting('fsync') AS fsync, current_database() AS db",
    )
    expect(settings).toEqual({ listen: '', fsync: 'on', db: 'agency' })
    await query(first.connection, 'CREATE TABLE kept (value text)')
    await query(first.connection, "INSERT INTO kept VALUES ('still here')")
    await first.stop()
    expect(postmasterPid(first.clusterDir)).toBeUndefined()

    const second = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    expect(await query(second.connection, 'SELECT value FROM kept')).toEqual([
      { value: 'still here' },
    ])
    await second.stop()
  })

  it('refuses a DATA_DIR another live process is using, and takes over the server a killed process left behind', async () => {
    const dir = dataDir()
    const owner = await startOwnerProcess(dir)
    const orphanPid = postmasterPid(join(dir, 'postgres'))
    expect(orphanPid).toBeDefined()

    await expect(startEmbeddedPostgres({ dataDir: dir, log: () => {} })).rejects.toThrow(
      /in use by another server process/,
    )

    owner.kill('SIGKILL')
    await new Promise((resolve) => owner.once('exit', resolve))
    expect(isAlive(orphanPid ?? 0)).toBe(true) // the server outlived its owner

    const messages: string[] = []
    const server = await startEmbeddedPostgres({ dataDir: dir, log: (m) => messages.push(m) })
    expect(messages.join('\n')).toMatch(
      /Stopping the PostgreSQL server a previous process left running/,
    )
    expect(isAlive(orphanPid ?? 0)).toBe(false)
    expect(await query(server.connection, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }])
    await server.stop()
  })

  it('starts over a postmaster.pid whose pid is gone or belongs to another program', async () => {
    const dir = dataDir()
    const server = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    await server.stop()
    const pidFile = join(server.clusterDir, 'postmaster.pid')

    writeFileSync(pidFile, `999999\n${server.clusterDir}\n`)
    const afterGone = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    await afterGone.stop()

    const sleeper = spawn('sleep', ['30'])
    children.push(sleeper)
    writeFileSync(pidFile, `${sleeper.pid}\n${server.clusterDir}\n`)
    const afterReuse = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    expect(await query(afterReuse.connection, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }])
    await afterReuse.stop()
    sleeper.kill()
  })
})

describe('the superuser password', () => {
  it('initdb reads it from a file no other local user can reach, which is gone afterwards', async () => {
    // A temp directory like /tmp (world-writable, sticky), watched while the cluster is created.
    const tmp = mkdtempSync(join(tmpdir(), 'agency-tmpdir-'))
    dirs.push(tmp)
    chmodSync(tmp, 0o1777)
    type Seen = { readonly path: string; readonly fileMode: number; readonly dirMode: number }
    const seen: Seen[] = []
    const watcher = watch(tmp, { recursive: true }, (_event, name) => {
      if (!name?.toString().includes('pg-password-')) return
      const path = join(tmp, name.toString())
      try {
        const fileMode = statSync(path).mode & 0o777
        seen.push({ path, fileMode, dirMode: statSync(dirname(path)).mode & 0o777 })
      } catch {
        // Removed already: the next event (or the check below) tells.
      }
    })
    const dir = dataDir()
    const saved = process.env.TMPDIR
    process.env.TMPDIR = tmp
    try {
      const server = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
      await server.stop()
      expect(statSync(server.clusterDir).mode & 0o777).toBe(0o700)
      expect(statSync(join(dir, 'postgres-credentials.json')).mode & 0o777).toBe(0o600)
    } finally {
      watcher.close()
      if (saved === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = saved
    }
    expect(seen.length).toBeGreaterThan(0)
    for (const file of seen) {
      // Unreadable to others: the file itself, or the directory that holds it.
      const private_ = (file.fileMode & 0o077) === 0 || (file.dirMode & 0o077) === 0
      expect(
        private_,
        `${file.path}: file ${file.fileMode.toString(8)}, directory ${file.dirMode.toString(8)}`,
      ).toBe(true)
      expect(existsSync(file.path)).toBe(false)
    }
    expect(readdirSync(tmp)).toEqual([])
  }, 60_000)
})

describe('the app role', () => {
  it('the app connects as the owner of its database, not as a superuser; older clusters are converted', async () => {
    const dir = dataDir()
    const first = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    try {
      // What a cluster created before the app role existed looks like: tables of the superuser.
      await query(first.adminConnection, 'CREATE TABLE legacy (id bigserial PRIMARY KEY, v text)')
      const [me] = await query(
        first.connection,
        'SELECT current_user AS name, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user',
      )
      expect(me).toEqual({
        name: 'agency_app',
        rolsuper: false,
        rolcreatedb: false,
        rolcreaterole: false,
      })
      await expect(query(first.connection, 'CREATE DATABASE other')).rejects.toThrow(
        /permission denied/,
      )
      await expect(query(first.connection, "COPY (SELECT 1) TO PROGRAM 'true'")).rejects.toThrow(
        /permission denied|must be superuser|not allowed/i,
      )
      // The owner role can run migrations: create, alter and drop its own tables.
      await query(first.connection, 'CREATE TABLE mine (id int)')
      await query(first.connection, 'DROP TABLE mine')
    } finally {
      await first.stop()
    }
    const second = await startEmbeddedPostgres({ dataDir: dir, log: () => {} })
    try {
      const owners = await query(
        second.connection,
        `SELECT c.relname, pg_get_userbyid(c.relowner) AS owner FROM pg_class c
         WHERE c.relname IN ('legacy', 'legacy_id_seq') ORDER BY c.relname`,
      )
      expect(owners).toEqual([
        { relname: 'legacy', owner: 'agency_app' },
        { relname: 'legacy_id_seq', owner: 'agency_app' },
      ])
      await query(second.connection, "INSERT INTO legacy (v) VALUES ('writable')")
    } finally {
      await second.stop()
    }
  }, 60_000)
})
