import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { readConfig } from '../config'
import { silentLogger } from '../log/logger'
import { startServices } from '../services'
import { ApiClient } from '../test/api-harness'
import {
  connectionUrl,
  createTestDatabase,
  type TestDatabase,
  testBackends,
} from '../test/test-database'

describe.each(testBackends())('XSRF key shared through $name', (backend) => {
  let database: TestDatabase
  const dirs: string[] = []
  const running: { close: () => Promise<void> }[] = []

  beforeAll(async () => {
    database = await createTestDatabase(backend)
  })
  afterAll(async () => {
    for (const instance of running) await instance.close()
    await database?.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  /** One API instance as `npm start` builds it: its own DATA_DIR, the shared DATABASE_URL. */
  async function instance(env: Record<string, string> = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'agency-secrets-test-'))
    const clientDir = mkdtempSync(join(tmpdir(), 'agency-secrets-client-'))
    dirs.push(dataDir, clientDir)
    const config = readConfig(
      {
        DATABASE_URL: connectionUrl(database.connection),
        DATA_DIR: dataDir,
        TOTP_ENCRYPTION_KEY: '07'.repeat(32),
        ...env,
      },
      { clientDir },
    )
    const services = await startServices(config, silentLogger)
    const app = createApp({ clientDir, auth: services.auth })
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    const started = {
      services,
      dataDir,
      url: `http://127.0.0.1:${port}`,
      async close() {
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await services.close()
      },
    }
    running.push(started)
    return started
  }

  /** A token issued by `issuer`, then a state-changing POST with it to `verifier`. */
  async function crossPost(issuer: string, verifier: string): Promise<number> {
    const first = new ApiClient(issuer)
    await first.fetchXsrfToken()
    const second = new ApiClient(verifier, first.address)
    for (const [name, value] of first.cookies) second.cookies.set(name, value)
    const answer = await second.post('/api/v1/auth/resend-recovery-email', {
      email: `nobody.${Date.now()}.${Math.random()}@example.com`,
    })
    return answer.status
  }

  it('gives every instance without XSRF_SECRET the same key, kept in the database, not in DATA_DIR', async () => {
    const [a, b] = await Promise.all([instance(), instance()])
    expect(a.services.auth.xsrfKey.length).toBe(32)
    expect(a.services.auth.xsrfKey.equals(b.services.auth.xsrfKey)).toBe(true)
    expect(readdirSync(a.dataDir)).toEqual([])
    expect(readdirSync(b.dataDir)).toEqual([])
    const { rows } = await database.pool.query('SELECT name FROM app_secrets')
    expect(rows).toEqual([{ name: 'xsrf' }])

    expect(await crossPost(a.url, b.url)).toBe(200)
    expect(await crossPost(b.url, a.url)).toBe(200)

    // A later start (a restart, a third instance) reads the same key.
    const c = await instance()
    expect(c.services.auth.xsrfKey.equals(a.services.auth.xsrfKey)).toBe(true)
  })

  it('uses XSRF_SECRET when set, and then tokens of the database key do not verify', async () => {
    const secret = 'an XSRF secret that is long enough to be accepted'
    const [withSecret, withoutSecret] = await Promise.all([
      instance({ XSRF_SECRET: secret }),
      instance(),
    ])
    expect(withSecret.services.auth.xsrfKey.equals(Buffer.from(secret, 'utf8'))).toBe(true)
    expect(await crossPost(withoutSecret.url, withSecret.url)).toBe(403)
  })
})
