import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseUrlOf,
  descendantsOf,
  exited,
  freePort,
  isListening,
  isRunning,
  startServerProcess,
} from './test/server-process'
import { sharedServerBuild } from './test/shared-server-build'
import { type SmtpCatcher, startSmtpCatcher } from './test/smtp-catcher'
import { createTestDatabase, type TestDatabase, testBackends } from './test/test-database'

/**
 * SIGTERM to the real built server — directly, and through `npm start` as a process manager or a
 * container runtime sends it — with a mail backlog and a slow SMTP server. Timing is the
 * requirement here: a process manager kills 10 s after its SIGTERM.
 */
describe('stopping the server process', () => {
  const root = resolve(import.meta.dirname, '..')
  let buildDir: string
  let database: TestDatabase
  let smtp: SmtpCatcher
  const started: ChildProcess[] = []
  const leftovers: number[] = []

  beforeAll(async () => {
    buildDir = await sharedServerBuild()
    const [embedded] = testBackends()
    if (!embedded) throw new Error('No test database')
    database = await createTestDatabase(embedded)
    smtp = await startSmtpCatcher({ replyDelayMs: 200 })
  }, 120_000)
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
    await smtp?.close()
    await database?.drop()
  })

  it('stops within 10 s with 500 mails queued: exit 0, the pool closed once, the unsent mails still queued and due', async () => {
    const backlog = 500
    await database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale)
       SELECT 'account_deleted', 'backlog' || n || '@example.com', 'en'
       FROM generate_series(1, $1) AS n`,
      [backlog],
    )
    const server = await startServerProcess(buildDir, {
      DATABASE_URL: databaseUrlOf(database.connection),
      SMTP_URL: smtp.url,
    })
    started.push(server.child)
    // The worker is working through the backlog, a mail with the SMTP server at any moment.
    await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3)

    server.child.kill('SIGTERM')
    const code = await exited(server.child, 30_000)

    const log = server.output.join('')
    // Exit 0 is the promise kept: the stop has its own budget (8 s to drain, 9.5 s in all) and
    // exits 1 with `server.stop_forced` when anything outlives it, so no clock is read here.
    expect(code).toBe(0)
    expect(log).not.toContain('more than once')
    expect(log).not.toMatch(/stop_forced|stop_failed/)
    // A sent deletion notice is deleted; every other one waits, due at once, no attempt counted.
    const { rows } = await database.pool.query(
      `SELECT count(*)::int AS pending, bool_and(next_attempt_at <= now()) AS due,
         max(attempts) AS attempts
       FROM mail_outbox WHERE status = 'pending'`,
    )
    expect(rows[0]).toEqual({ pending: backlog - smtp.mails.length, due: true, attempts: 0 })
    expect(rows[0].pending).toBeGreaterThan(backlog / 2)
  }, 90_000)

  it('a request that never finishes is cut after the drain and named in the forced stop (exit 1)', async () => {
    const server = await startServerProcess(buildDir, {
      DATABASE_URL: databaseUrlOf(database.connection),
    })
    started.push(server.child)
    // Past the XSRF gate, headers promise a body that never comes: the request stays in flight.
    const xsrf = await fetch(`${server.url}/api/v1/auth/xsrf-token`)
    const cookies = xsrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '')
    const token = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice(11) ?? ''
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    await new Promise<void>((done) => socket.once('connect', () => done()))
    socket.write(
      [
        'POST /api/v1/contact?from=test HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 100',
        `Cookie: ${cookies.join('; ')}`,
        `X-XSRF-TOKEN: ${decodeURIComponent(token)}`,
        '',
        '{',
      ].join('\r\n'),
    )
    socket.on('error', () => {})
    await new Promise((wait) => setTimeout(wait, 200))

    server.child.kill('SIGTERM')
    const code = await exited(server.child, 30_000)
    socket.destroy()
    expect(code).toBe(1)
    const log = server.output.join('')
    expect(log).toMatch(
      /"event":"server\.stop_forced","reason":"1 requests still open after \d+ s: POST \/api\/v1\/contact"/,
    )
  }, 60_000)

  it('SIGTERM to `npm start` stops the server it started: nothing is left listening', async () => {
    const port = await freePort()
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        BUILD_DIR: buildDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CLIENT_DIR: join(buildDir, 'client'),
        DATABASE_URL: databaseUrlOf(database.connection),
        // Required with DATABASE_URL: the key that seals authenticator-app secrets.
        TOTP_ENCRYPTION_KEY: '07'.repeat(32),
        // No load balancer to wait for (running-in-production.test.ts tests the delay).
        SHUTDOWN_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.push(npm)
    const output: string[] = []
    npm.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    npm.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    const pid = npm.pid
    if (pid === undefined) throw new Error('npm did not start')
    await expect
      .poll(
        async () => {
          if (npm.exitCode !== null) throw new Error(`npm start exited:\n${output.join('')}`)
          return isListening(port)
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true)
    const below = descendantsOf(pid)
    leftovers.push(...below)
    expect(below.length).toBeGreaterThan(0)

    npm.kill('SIGTERM')
    await exited(npm, 15_000)
    await expect.poll(() => isListening(port), { timeout: 10_000 }).toBe(false)
    await expect.poll(() => below.filter(isRunning), { timeout: 10_000 }).toEqual([])
    expect(output.join('')).toContain('"event":"server.stopped","code":0')
  }, 90_000)
})
