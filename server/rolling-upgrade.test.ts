import type { ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from './db/migrate'
import { registrationOf } from './test/account-kit'
import { ApiClient } from './test/api-harness'
import {
  extractRelease,
  findPreviousRelease,
  MissingHistory,
  type PreviousRelease,
} from './test/previous-release'
import { bakeryBrief } from './test/request-kit'
import {
  buildServer,
  databaseUrlOf,
  exited,
  type RunningServer,
  startServerProcess,
} from './test/server-process'
import { sharedServerBuild } from './test/shared-server-build'
import { type SmtpCatcher, startSmtpCatcher } from './test/smtp-catcher'
import { createTestDatabase, type TestDatabase, testBackends } from './test/test-database'

/**
 * A rolling upgrade (docs/decisions/056): the database is migrated to the current schema (the
 * expansion) while instances of the previous release still serve; they keep serving beside the
 * current release's until they are replaced. The previous release is built from git history:
 * the code before the newest migration (server/test/previous-release.ts).
 */
const [embedded] = testBackends()
if (!embedded) throw new Error('No test database')

const requestsPath = '/api/v1/me/service-requests'

/**
 * A clone without the history (a shallow checkout) has no previous release to run: the test is
 * then skipped, saying why (the summary counts it as skipped), and the expand-only check of the
 * migrations (server/db/migration-rules.test.ts) still guards the upgrade. Any other reason the
 * previous release cannot be found fails.
 */
function previousOrMissing(): PreviousRelease | MissingHistory {
  try {
    return findPreviousRelease(migrations)
  } catch (error) {
    if (error instanceof MissingHistory) {
      console.warn(`Rolling upgrade skipped: ${error.message}`)
      return error
    }
    throw error
  }
}
const found = previousOrMissing()

describe.skipIf(found instanceof MissingHistory)('a rolling upgrade', () => {
  let previous: PreviousRelease
  let previousTree: string
  let previousBuild: string
  let currentBuild: string
  let database: TestDatabase
  let smtp: SmtpCatcher
  const started: ChildProcess[] = []

  beforeAll(async () => {
    if (found instanceof MissingHistory) throw found
    previous = found
    previousTree = extractRelease(previous.revision)
    previousBuild = buildServer(previousTree)
    currentBuild = await sharedServerBuild()
    // A fresh database given the current migrations: the previous release's, then the newest.
    database = await createTestDatabase(embedded, 2)
    smtp = await startSmtpCatcher()
  }, 300_000)
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await database?.drop()
    await smtp?.close()
    if (previousTree) rmSync(previousTree, { recursive: true, force: true })
  })

  async function instance(build: string): Promise<RunningServer> {
    const server = await startServerProcess(build, {
      DATABASE_URL: databaseUrlOf(database.connection),
      // The migrations ran before the deployment, on their own (npm run db:migrate).
      MIGRATE_ON_START: 'false',
      SMTP_URL: smtp.url,
    })
    started.push(server.child)
    return server
  }

  it('the previous release serves on the current schema beside the current release: ready, an account, a request, a message, each seen by the other', async () => {
    const newest = migrations.slice(previous.knownTags.length).map((migration) => migration.tag)
    console.log(
      `Previous release ${previous.revision.slice(0, 12)} (migrations up to ${previous.knownTags.at(-1)}) on the schema with ${newest.join(', ')}`,
    )
    const [old, current] = await Promise.all([instance(previousBuild), instance(currentBuild)])
    if (!old || !current) throw new Error('Two instances')
    // An answer's body and what the instances logged as errors: why a step failed.
    const why = (answer: { body: unknown }) =>
      [
        JSON.stringify(answer.body),
        ...[old, current].flatMap((server) =>
          server.output
            .join('')
            .split('\n')
            .filter((line) => line.includes('"level":"error"'))
            .map((line) => `${server === old ? 'previous' : 'current'}: ${line}`),
        ),
      ].join('\n')

    // A database ahead of the code is ready: an expansion is compatible by design.
    for (const server of [old, current]) {
      const readyz = await fetch(`${server.url}/readyz`)
      expect([server.url, readyz.status, await readyz.json()]).toEqual([
        server.url,
        200,
        { status: 'ready' },
      ])
    }

    // An account registered, confirmed and signed in through the previous release.
    const email = `rolling.${process.pid}.${Date.now()}@example.com`
    const password = 'granite meadow saxophone'
    const browser = new ApiClient(old.url)
    browser.cookies.set('app-language', 'en')
    const registered = await browser.post('/api/v1/auth/register', registrationOf(email, password))
    expect(registered.status, why(registered)).toBe(201)
    const mail = await smtp.waitForMail(email, 30_000)
    const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]
    if (!token) throw new Error(`No verification link in:\n${mail.text}`)
    const verified = await new ApiClient(old.url).post('/api/v1/auth/verify-email', { token })
    expect(verified.status, why(verified)).toBe(200)
    const login = await browser.post('/api/v1/auth/login', { email, password, remember: false })
    expect(login.status, why(login)).toBe(200)

    // A request and a message stored by the previous release.
    const created = await browser.post(requestsPath, bakeryBrief)
    expect(created.status, why(created)).toBe(201)
    const requestId = (created.body.request as { id: string }).id
    const sent = await browser.post(`${requestsPath}/${requestId}/messages`, {
      body: 'Sent through the previous release.',
    })
    expect(sent.status, why(sent)).toBe(201)

    // The same browser on the current release (sessions live in PostgreSQL): it sees both.
    const elsewhere = new ApiClient(current.url)
    for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value)
    const listed = await elsewhere.get(requestsPath)
    expect(listed.status, why(listed)).toBe(200)
    expect(JSON.stringify(listed.body)).toContain(requestId)
    const thread = await elsewhere.get(`${requestsPath}/${requestId}/messages`)
    expect(thread.status, why(thread)).toBe(200)
    expect((thread.body.messages as Array<{ body: string }>).map((m) => m.body)).toEqual([
      'Sent through the previous release.',
    ])

    // And the other way: what the current release stores, the previous one reads.
    const reply = await elsewhere.post(`${requestsPath}/${requestId}/messages`, {
      body: 'Sent through the current release.',
    })
    expect(reply.status, why(reply)).toBe(201)
    const second = await elsewhere.post(requestsPath, {
      ...bakeryBrief,
      need: 'A second request, stored by the current release.',
    })
    expect(second.status, why(second)).toBe(201)
    const seenByOld = await browser.get(`${requestsPath}/${requestId}/messages`)
    expect(seenByOld.status, why(seenByOld)).toBe(200)
    expect(JSON.stringify(seenByOld.body)).toContain('Sent through the current release.')
    const oldList = await browser.get(requestsPath)
    expect(oldList.status, why(oldList)).toBe(200)
    expect(JSON.stringify(oldList.body)).toContain((second.body.request as { id: string }).id)

    // Both releases' requests are numbered from the one counter.
    const { rows } = await database.pool.query<{ number: string }>(
      'SELECT number FROM service_requests ORDER BY created_at',
    )
    const year = Number(
      new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'America/Mexico_City' }).format(
        new Date(),
      ),
    )
    expect(rows.map((row) => row.number)).toEqual([`PD-${year}-0001`, `PD-${year}-0002`])
    // A release from before request numbers stores none: the schema gives the next one (what a
    // rolling upgrade from such a release relies on, whichever release this run starts from).
    const client = await database.pool.connect()
    try {
      await client.query(
        'CREATE TEMP TABLE unnumbered AS SELECT * FROM service_requests ORDER BY created_at LIMIT 1',
      )
      await client.query('UPDATE unnumbered SET id = gen_random_uuid(), number = NULL')
      const stored = await client.query<{ number: string }>(
        'INSERT INTO service_requests SELECT * FROM unnumbered RETURNING number',
      )
      expect(stored.rows[0]?.number).toBe(`PD-${year}-0003`)
    } finally {
      client.release()
    }

    for (const server of [old, current]) {
      server.child.kill('SIGTERM')
      expect(await exited(server.child, 30_000)).toBe(0)
    }
    const oldLog = old.output.join('')
    expect(oldLog).not.toContain('"level":"error"')
  }, 120_000)
})
