import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationOf } from '../test/account-kit'
import { freezeProcessTree } from '../test/faulty-database'
import { exited, startServerProcess, xsrfHeaders } from '../test/server-process'
import { sharedServerBuild } from '../test/shared-server-build'
import { isAlive, postmasterPid } from './stale-postmaster'

/**
 * SIGKILL the real server while it acknowledges registrations, start it again on the same
 * DATA_DIR (its embedded PostgreSQL is still running, orphaned), and check that every
 * registration that got a 201 is stored. Loopback only; bounded in time.
 */
describe('crash safety', () => {
  let buildDir: string
  let dataDir: string
  const extraDirs: string[] = []
  const started: ChildProcess[] = []

  beforeAll(async () => {
    buildDir = await sharedServerBuild()
    dataDir = mkdtempSync(join(tmpdir(), 'agency-crash-'))
  })
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const dir of [dataDir, ...extraDirs]) {
      const left = dir ? postmasterPid(join(dir, 'postgres')) : undefined
      if (left !== undefined && isAlive(left)) process.kill(left, 'SIGQUIT')
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const dir of [dataDir, ...extraDirs]) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps every acknowledged registration across a SIGKILL and a restart', async () => {
    const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true' }
    const first = await startServerProcess(buildDir, env)
    started.push(first.child)

    const headers = await xsrfHeaders(first.url)

    const acknowledged: string[] = []
    let attempted = 0
    let stop = false
    const worker = async (id: number) => {
      for (let n = 0; !stop; n += 1) {
        const email = `crash-${id}-${n}@example.com`
        attempted += 1
        try {
          const response = await fetch(`${first.url}/api/v1/auth/register`, {
            method: 'POST',
            headers: { ...headers, 'x-forwarded-for': `10.9.${id}.${n % 250}` },
            body: JSON.stringify(registrationOf(email, 'violet harbour lantern')),
          })
          if (response.status === 201) acknowledged.push(email)
          else if (!stop) throw new Error(`unexpected ${response.status}: ${await response.text()}`)
        } catch (error) {
          if (stop) return // the connection died with the server: not acknowledged
          throw error
        }
      }
    }
    const load = Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)))
    // Kill in the middle of the load: once enough registrations are acknowledged.
    const deadline = Date.now() + 20_000
    while (acknowledged.length < 40 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    const orphan = postmasterPid(join(dataDir, 'postgres'))
    stop = true
    first.child.kill('SIGKILL')
    await exited(first.child)
    await load
    expect(acknowledged.length).toBeGreaterThanOrEqual(40)
    expect(attempted).toBeGreaterThan(acknowledged.length) // some were in flight when it died
    expect(isAlive(orphan ?? 0)).toBe(true)

    const second = await startServerProcess(buildDir, env)
    started.push(second.child)
    expect(second.output.join('')).toMatch(
      /Stopping the PostgreSQL server a previous process left running/,
    )

    // Every 201 is in the database (read through the embedded server's own socket).
    const credentials = JSON.parse(
      readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8'),
    ) as { user: string; password: string }
    const client = new pg.Client({
      host: join(dataDir, 'postgres'),
      port: 5432,
      database: 'agency',
      ...credentials,
    })
    await client.connect()
    try {
      const stored = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE email = ANY($1)',
        [acknowledged],
      )
      expect(stored.rows[0]?.n).toBe(acknowledged.length)
    } finally {
      await client.end()
    }
    // And the restarted server knows them (the XSRF key survived in DATA_DIR too).
    const again = await fetch(`${second.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': '10.8.0.1' },
      body: JSON.stringify({ email: acknowledged[0] }),
    })
    expect(again.status).toBe(400) // validated (not 403): the old token still verifies

    second.child.kill('SIGTERM')
    expect(await exited(second.child)).toBe(0)
    expect(postmasterPid(join(dataDir, 'postgres'))).toBeUndefined() // stopped cleanly
  }, 90_000)

  it('SIGTERM under load: requests in flight finish, nothing acknowledged is lost', async () => {
    const termDir = mkdtempSync(join(tmpdir(), 'agency-sigterm-'))
    extraDirs.push(termDir)
    const env = { DATA_DIR: termDir, TRUST_PROXY: 'true' }
    const server = await startServerProcess(buildDir, env)
    started.push(server.child)
    const headers = await xsrfHeaders(server.url)
    type Attempt = { started: number; ended?: number; status?: number; email: string }
    const attempts: Attempt[] = []
    let signalledAt = 0
    const worker = async (id: number) => {
      for (let n = 0; signalledAt === 0 || Date.now() - signalledAt < 300; n += 1) {
        const attempt: Attempt = { started: Date.now(), email: `term-${id}-${n}@example.com` }
        attempts.push(attempt)
        try {
          const response = await fetch(`${server.url}/api/v1/auth/register`, {
            method: 'POST',
            headers: { ...headers, 'x-forwarded-for': `10.7.${id}.${n % 250}` },
            body: JSON.stringify(registrationOf(attempt.email, 'violet harbour lantern')),
          })
          attempt.status = response.status
          await response.text()
        } catch {
          // Refused: the server had stopped accepting connections (not acknowledged).
          await new Promise((r) => setTimeout(r, 20))
        }
        attempt.ended = Date.now()
      }
    }
    const load = Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)))
    const deadline = Date.now() + 20_000
    while (attempts.filter((a) => a.status === 201).length < 40 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    signalledAt = Date.now()
    server.child.kill('SIGTERM')
    const code = await exited(server.child)
    const exitMs = Date.now() - signalledAt
    await load

    // In flight: sent well before the signal (so surely on a busy socket) and not yet answered.
    const inFlight = attempts.filter(
      (a) => a.started < signalledAt - 50 && (a.ended === undefined || a.ended >= signalledAt),
    )
    const finished = inFlight.filter((a) => a.status !== undefined)
    const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.email)

    const credentials = JSON.parse(
      readFileSync(join(termDir, 'postgres-credentials.json'), 'utf8'),
    ) as { user: string; password: string }
    const again = await startServerProcess(buildDir, env)
    started.push(again.child)
    const client = new pg.Client({
      host: join(termDir, 'postgres'),
      port: 5432,
      database: 'agency',
      user: credentials.user,
      password: credentials.password,
    })
    await client.connect()
    let stored = 0
    try {
      stored =
        (
          await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM users WHERE email = ANY($1)',
            [acknowledged],
          )
        ).rows[0]?.n ?? 0
    } finally {
      await client.end()
    }
    again.child.kill('SIGTERM')
    await exited(again.child)
    console.log(
      `SIGTERM under load: exit code ${code} after ${exitMs} ms; in flight at the signal ${inFlight.length}, finished ${finished.length} (statuses ${[...new Set(finished.map((a) => a.status))].join('/')}); acknowledged ${acknowledged.length}, stored ${stored}, rows lost ${acknowledged.length - stored}`,
    )
    expect(code).toBe(0)
    expect(inFlight.length).toBeGreaterThan(0)
    expect(finished).toHaveLength(inFlight.length)
    expect(stored).toBe(acknowledged.length)
  }, 90_000)

  it('a hung embedded PostgreSQL (SIGSTOP): 503 unavailable within seconds, then recovery by itself (SIGCONT)', async () => {
    const hungDir = mkdtempSync(join(tmpdir(), 'agency-hung-'))
    extraDirs.push(hungDir)
    const server = await startServerProcess(buildDir, { DATA_DIR: hungDir, TRUST_PROXY: 'true' })
    started.push(server.child)
    const headers = await xsrfHeaders(server.url)
    let n = 0
    const register = async () => {
      n += 1
      const started = Date.now()
      const response = await fetch(`${server.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': `10.6.0.${n}` },
        body: JSON.stringify(registrationOf(`hung-${n}@example.com`, 'violet harbour lantern')),
        // Without the pool's timeouts it answered after 10 s or more: give up before that.
        signal: AbortSignal.timeout(9000),
      })
      const body = (await response.json()) as { code?: string }
      return { status: response.status, code: body.code, ms: Date.now() - started }
    }
    expect((await register()).status).toBe(201)
    const postmaster = postmasterPid(join(hungDir, 'postgres'))
    if (postmaster === undefined) throw new Error('no embedded PostgreSQL')
    const thaw = freezeProcessTree(postmaster)
    let hung: Awaited<ReturnType<typeof register>>[]
    try {
      hung = await Promise.all([register(), register(), register()])
    } finally {
      thaw()
    }
    const resumedAt = Date.now()
    let recovered: number | undefined
    while (recovered === undefined && Date.now() - resumedAt < 15_000) {
      if ((await register()).status === 201) recovered = Date.now() - resumedAt
      else await new Promise((r) => setTimeout(r, 100))
    }
    const log = server.output.join('')
    console.log(
      `Hung PostgreSQL under the real server: ${hung.map((a) => `${a.status} ${a.code} in ${a.ms} ms`).join(', ')}; first 201 ${recovered} ms after SIGCONT`,
    )
    for (const answer of hung) expect(answer).toMatchObject({ status: 503, code: 'unavailable' })
    // Each of them was answered by the pool's own timeouts (seconds), not by the request
    // timeout or the client giving up: one logged reason per hung request.
    const timeouts = log.match(/"reason":"database_(query|connect)_timeout"/g) ?? []
    expect(timeouts.length).toBeGreaterThanOrEqual(hung.length)
    expect(recovered).toBeDefined()
    server.child.kill('SIGTERM')
    expect(await exited(server.child)).toBe(0)
  }, 90_000)
})
