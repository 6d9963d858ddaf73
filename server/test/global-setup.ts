import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { PoolConfig } from 'pg'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../db/embedded-postgres'
import './shared-server-build'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server tests' embedded PostgreSQL (admin connection to its `postgres` database). */
    embeddedPostgres: { host: string; port: number; user: string; password: string }
  }
}

/**
 * One embedded PostgreSQL for the whole server test run; each test file creates its own
 * throw-away database in it (server/test/test-database.ts), so files run in parallel.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-server-tests-'))
  const server = await startEmbeddedPostgres({ dataDir, database: 'postgres', log: () => {} })
  const { host, port, user, password } = server.adminConnection as Required<
    Pick<PoolConfig, 'host' | 'port' | 'user' | 'password'>
  >
  if (typeof password !== 'string') throw new Error('The embedded server has no password')
  project.provide('embeddedPostgres', { host, port, user, password })
  // Named here, made by the first file that runs the server as a process (shared-server-build.ts);
  // inside the repository, so the bundle's bare imports resolve to node_modules.
  const repository = resolve(import.meta.dirname, '../..')
  mkdirSync(join(repository, '.tmp'), { recursive: true })
  const serverBuild = join(repository, '.tmp', `server-build-run-${randomBytes(4).toString('hex')}`)
  project.provide('sharedServerBuild', serverBuild)
  return async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(serverBuild, { recursive: true, force: true })
  }
}
