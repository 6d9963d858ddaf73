import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { createPool, migrateDatabase } from '../db/database'
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres'
import * as schema from '../db/schema'
import { isAlive, postmasterPid } from '../db/stale-postmaster'
import { type FreezableProxy, startFreezableProxy } from './freezable-proxy'
import { type Backend, createTestDatabase, type TestDatabase } from './test-database'

/**
 * A database the fault tests may break, on either backend, through the app's own pool settings
 * (server/db/database.ts). On the embedded PostgreSQL it is a cluster of its own (the shared
 * test cluster serves the other test files): stopped and started for real, hung with SIGSTOP on
 * the postmaster and every backend. On an external server, shared with the other test files, the
 * faults are played by a loopback proxy the pool connects through (server/test/freezable-proxy.ts).
 */
export type FaultyDatabase = {
  readonly database: TestDatabase
  /** Down: connections refused (the server stopped). */
  stop(): Promise<void>
  start(): Promise<void>
  /** Hung: connections accepted, nothing answered (the server frozen). */
  freeze(): void
  thaw(): void
  close(): Promise<void>
}

/** `pid` and all its descendants, parents first (Linux /proc). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // exited meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i] ?? -1) ?? []))
  return tree
}

/**
 * SIGSTOP on the postmaster first (so it forks no new backend), then on its children; SIGCONT in
 * the reverse order. Returns the thaw.
 */
export function freezeProcessTree(pid: number): () => void {
  process.kill(pid, 'SIGSTOP')
  const tree = processTree(pid)
  for (const member of tree.slice(1)) process.kill(member, 'SIGSTOP')
  return () => {
    for (const member of tree.slice(1).reverse())
      if (isAlive(member)) process.kill(member, 'SIGCONT')
    process.kill(pid, 'SIGCONT')
  }
}

export async function openFaultyDatabase(backend: Backend): Promise<FaultyDatabase> {
  return backend.admin.connectionString
    ? behindProxy(backend, backend.admin.connectionString)
    : ownEmbeddedCluster()
}

async function ownEmbeddedCluster(): Promise<FaultyDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-fault-'))
  let embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, log: () => {} })
  await migrateDatabase(embedded.connection)
  const pool = createPool(embedded.connection, 10, () => {})
  let thaw: (() => void) | undefined
  return {
    database: {
      pool,
      db: drizzle({ client: pool, schema }),
      name: 'agency',
      connection: embedded.connection,
      drop: async () => {
        if (!pool.ending) await pool.end()
      },
    },
    stop: () => embedded.stop(),
    async start() {
      embedded = await startEmbeddedPostgres({ dataDir, log: () => {} })
    },
    freeze() {
      const pid = postmasterPid(embedded.clusterDir)
      if (pid === undefined) throw new Error('the embedded PostgreSQL is not running')
      thaw = freezeProcessTree(pid)
    },
    thaw() {
      thaw?.()
      thaw = undefined
    },
    async close() {
      thaw?.()
      await pool.end().catch(() => {})
      await embedded.stop().catch(() => {})
      const left = postmasterPid(embedded.clusterDir)
      if (left !== undefined && isAlive(left)) process.kill(left, 'SIGQUIT')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function behindProxy(backend: Backend, url: string): Promise<FaultyDatabase> {
  const direct = await createTestDatabase(backend, 1)
  const target = new URL(url)
  const proxy: FreezableProxy = await startFreezableProxy({
    host: target.hostname,
    port: Number(target.port || 5432),
  })
  const viaProxy = new URL(url)
  viaProxy.hostname = proxy.host
  viaProxy.port = String(proxy.port)
  viaProxy.pathname = `/${direct.name}`
  const connection = { connectionString: viaProxy.toString() }
  const pool = createPool(connection, 10, () => {})
  return {
    database: {
      pool,
      db: drizzle({ client: pool, schema }),
      name: direct.name,
      connection,
      drop: async () => {
        if (!pool.ending) await pool.end()
      },
    },
    stop: proxy.down,
    start: proxy.up,
    freeze: proxy.freeze,
    thaw: proxy.thaw,
    async close() {
      proxy.thaw()
      await pool.end().catch(() => {})
      await proxy.close()
      await direct.drop()
    },
  }
}
