import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../log/logger'
import { createOutboxWorker } from '../mail/outbox-worker'
import { createSmtpSender } from '../mail/smtp-transport'
import { mailKinds } from '../mail-kinds'
import { registrationOf } from '../test/account-kit'
import { ApiClient, startApi } from '../test/api-harness'
import { type FaultyDatabase, openFaultyDatabase } from '../test/faulty-database'
import { startSmtpCatcher } from '../test/smtp-catcher'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { requestTimeouts } from './timeouts'
import { databaseUnavailable } from './unavailable'

/**
 * The server when its dependencies fail, measured, on every test backend (the embedded
 * PostgreSQL, and CI's PostgreSQL 15 through a proxy that plays the faults: see
 * server/test/faulty-database.ts): PostgreSQL stopped under load (503 fast, /healthz and /readyz 503,
 * recovery by itself, no acknowledged write lost), PostgreSQL hung (503 within the timeouts,
 * recovery by itself), and the SMTP server down or refusing (retries with back-off, one
 * delivery). Each test prints what it measured.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const registration = (email: string) => registrationOf(email, 'violet harbour lantern')

function noLongerThan<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

type Sample = { started: number; ms: number; status: number; email: string }

const generousRegistrations = {
  registerPerIp: { name: 'register:ip', limit: 100_000, windowSeconds: 900 },
  registerPerEmail: { name: 'register:email', limit: 100_000, windowSeconds: 900 },
}

describe.each(testBackends())('PostgreSQL stopped under load ($name)', (backend) => {
  let faulty: FaultyDatabase | undefined
  afterAll(async () => {
    await faulty?.close()
  })

  it('answers 503 at once while it is down (refused, never a timeout), /healthz and /readyz 503 (/livez 200), and recovers by itself with every acknowledged write', async () => {
    faulty = await openFaultyDatabase(backend)
    const { database } = faulty
    const { pool } = database
    const lines: string[] = []
    const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) } })
    const api = await startApi(database, { rateRules: generousRegistrations, logger })
    const samples: Sample[] = []
    let running = true
    const worker = async (id: number) => {
      const client = new ApiClient(api.url)
      await client.fetchXsrfToken()
      for (let n = 0; running; n += 1) {
        const email = `fault-${id}-${n}@example.com`
        const started = Date.now()
        const answer = await client.post('/api/v1/auth/register', registration(email))
        samples.push({ started, ms: Date.now() - started, status: answer.status, email })
        if (answer.status !== 201) await sleep(20)
      }
    }
    const health = async () => {
      const started = Date.now()
      const response = await fetch(`${api.url}/healthz`)
      return { status: response.status, ms: Date.now() - started }
    }
    try {
      const load = Promise.all(Array.from({ length: 6 }, (_, id) => worker(id)))
      await sleep(1500)
      const stoppedAt = Date.now()
      await faulty.stop()
      await sleep(2500)
      const healthDown = await health()
      // The load balancer's probe says so too; the process manager's sees a live process.
      const probesDown = await Promise.all(
        ['/readyz', '/livez'].map(async (path) => {
          const response = await fetch(`${api.url}${path}`)
          return [path, response.status, await response.json()]
        }),
      )
      const restartAt = Date.now()
      await faulty.start()
      // Both recover by themselves: no restart of the app, no pool reset.
      let recoveredAt = 0
      while (Date.now() - restartAt < 20_000) {
        const last = samples.at(-1)
        if (last && last.started > restartAt && last.status === 201) {
          recoveredAt = Date.now()
          break
        }
        await sleep(20)
      }
      const healthUp = await health()
      await sleep(500)
      running = false
      await load

      // Wholly inside the outage: a request still in flight when PostgreSQL comes back (its
      // password hash takes a while on a busy machine) may rightly be answered 201.
      const outage = samples.filter(
        (s) => s.started > stoppedAt + 200 && s.started + s.ms < restartAt,
      )
      const maxOutageMs = Math.max(...outage.map((s) => s.ms))
      const acknowledged = samples.filter((s) => s.status === 201).map((s) => s.email)
      const stored = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE email = ANY($1)',
        [acknowledged],
      )
      const lost = acknowledged.length - (stored.rows[0]?.n ?? 0)
      const statuses = [...new Set(samples.map((s) => s.status))].sort()
      console.log(
        [
          'PostgreSQL stopped under load:',
          `  requests ${samples.length}, acknowledged (201) ${acknowledged.length}, statuses seen ${statuses.join('/')}`,
          `  while down: ${outage.length} requests, all 503: ${outage.every((s) => s.status === 503)}, slowest answer ${maxOutageMs} ms`,
          `  answered otherwise while down: ${JSON.stringify(outage.filter((s) => s.status !== 503).map((s) => ({ status: s.status, started: s.started - stoppedAt, ms: s.ms })))}`,
          `  /healthz while down: ${healthDown.status} in ${healthDown.ms} ms; after restart: ${healthUp.status}`,
          `  recovery: first 201 ${recoveredAt - restartAt} ms after PostgreSQL was started again`,
          `  rows lost: ${lost}`,
        ].join('\n'),
      )
      expect(outage.length).toBeGreaterThan(5)
      expect(outage.every((s) => s.status === 503)).toBe(true)
      // At once: every refusal was the database refusing connections, none a pool timeout
      // (which would have made a request wait its 2 s), so no clock is compared here.
      const reasons = new Set(
        lines
          .map((line) => JSON.parse(line) as { event?: string; reason?: string })
          .filter((entry) => entry.event === 'service.unavailable')
          .map((entry) => entry.reason),
      )
      expect([...reasons]).toEqual(['database'])
      expect(healthDown).toMatchObject({ status: 503 })
      expect(probesDown).toEqual([
        ['/readyz', 503, { status: 'unavailable' }],
        ['/livez', 200, { status: 'ok' }],
      ])
      expect(recoveredAt).toBeGreaterThan(0)
      expect(healthUp.status).toBe(200)
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true)
      expect(lost).toBe(0)
    } finally {
      running = false
      await api.close()
    }
  }, 90_000)
})

describe.each(testBackends())('the pool’s bounds ($name)', (backend) => {
  let database: TestDatabase | undefined
  afterAll(async () => {
    await database?.drop()
  })

  it('the server stops a slow statement and a long lock wait itself, and the connection stays usable', async () => {
    database = await createTestDatabase(backend, 2)
    const { pool } = database
    const slow = await pool.query('SELECT pg_sleep(10)').catch((error: unknown) => error)
    // The server's statement_timeout cut the ten-second sleep (the reason says who stopped it).
    expect(databaseUnavailable(slow)).toBe('database_statement_timeout')

    const holder = new pg.Client(database.connection)
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE')
      const waited = await pool.query('SELECT count(*) FROM users').catch((error: unknown) => error)
      expect(databaseUnavailable(waited)).toBe('database_lock_timeout')
    } finally {
      await holder.end()
    }
    expect((await pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }])
  })

  it('closes a connection handed back inside a transaction instead of lending it out again', async () => {
    database ??= await createTestDatabase(backend, 2)
    const { pool } = database
    // What a request leaves behind when its ROLLBACK timed out too.
    const client = await pool.connect()
    await client.query('BEGIN')
    await client.query('SELECT 1')
    client.release()
    // Every connection the pool lends now is outside any transaction: a statement there
    // commits on its own (its now() is its own start, not an older transaction's).
    const answers = await Promise.all(
      Array.from({ length: 2 }, () =>
        pool.query<{ own: boolean }>('SELECT now() = statement_timestamp() AS own'),
      ),
    )
    expect(answers.map((answer) => answer.rows[0]?.own)).toEqual([true, true])
  })
})

describe.each(testBackends())('PostgreSQL hung ($name)', (backend) => {
  let faulty: FaultyDatabase | undefined
  afterAll(async () => {
    await faulty?.close()
  })

  it('answers 503 unavailable within its timeouts while it hangs, and recovers by itself when it resumes', async () => {
    faulty = await openFaultyDatabase(backend)
    const lines: string[] = []
    const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) } })
    const api = await startApi(faulty.database, { rateRules: generousRegistrations, logger })
    const client = new ApiClient(api.url)
    let sequence = 0
    // Without the timeouts a request waits for minutes: give up on it well before the test does.
    const register = async () => {
      sequence += 1
      const started = Date.now()
      const answer = await noLongerThan(
        10_000,
        client.post('/api/v1/auth/register', registration(`hung-${sequence}@example.com`)),
      )
      return { ...answer, ms: Date.now() - started }
    }
    try {
      // Connections are open and idle, as in a running server.
      expect((await register()).status).toBe(201)
      faulty.freeze()
      const frozenAt = Date.now()
      // More requests than the pool has connections: some find an idle connection whose query
      // gets no answer, the others wait for a connection that never comes.
      const answers = await Promise.all([
        ...Array.from({ length: 14 }, register),
        (async () => {
          const started = Date.now()
          const response = await fetch(`${api.url}/healthz`, {
            signal: AbortSignal.timeout(10_000),
          })
          return { status: response.status, ms: Date.now() - started, health: true }
        })(),
      ])
      const hungFor = Date.now() - frozenAt
      // What the log said about these requests (not about any during the recovery below).
      const hungLog = [...lines]
      faulty.thaw()
      const thawedAt = Date.now()
      let recovered: number | undefined
      while (recovered === undefined && Date.now() - thawedAt < 15_000) {
        if ((await register()).status === 201) recovered = Date.now() - thawedAt
        else await sleep(100)
      }
      // No connection is left in a bad state: the next requests all succeed.
      const after = []
      for (let n = 0; n < 12; n += 1) after.push((await register()).status)

      const reasons = hungLog
        .map((line) => JSON.parse(line) as { event?: string; reason?: string })
        .filter((entry) => entry.event === 'service.unavailable')
        .map((entry) => entry.reason)
      console.log(
        [
          `PostgreSQL hung (${backend.name}), timeouts ${JSON.stringify(requestTimeouts)}:`,
          `  answers while hung: ${answers.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}`,
          `  why (log): ${[...new Set(reasons)].join(', ')}; hung for ${hungFor} ms`,
          `  recovery: first 201 ${recovered} ms after it resumed; next: ${after.join('/')}`,
        ].join('\n'),
      )
      for (const answer of answers) {
        expect(answer.status).toBe(503)
        if (!('health' in answer)) {
          expect(answer.body.code).toBe('unavailable')
          expect(answer.headers.get('retry-after')).toBe('5')
        }
      }
      // The configured timeouts answered (at most 2 s each), not the 30 s request timeout.
      const configured = [requestTimeouts.connectMs, requestTimeouts.queryMs]
      expect(configured.every((limit) => limit !== undefined && limit <= 2000)).toBe(true)
      expect(reasons).toHaveLength(14)
      expect(reasons).toContain('database_query_timeout')
      for (const reason of reasons)
        expect(['database_query_timeout', 'database_connect_timeout']).toContain(reason)
      expect(recovered).toBeDefined()
      expect(after.every((status) => status === 201)).toBe(true)
    } finally {
      faulty.thaw()
      await api.close()
    }
  }, 90_000)
})

describe.each(testBackends())('SMTP down, then refusing, then back ($name)', (backend) => {
  let database: TestDatabase
  afterAll(async () => {
    await database?.drop()
  })

  it('the outbox retries with back-off and delivers exactly once', async () => {
    database = await createTestDatabase(backend)
    // A port where nothing listens yet: the SMTP server is down.
    const probe = await startSmtpCatcher()
    const port = Number(new URL(probe.url).port)
    await probe.close()
    const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'no-reply@agency.example')
    const worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: sender.send,
      publicUrl: 'https://agency.example',
      retryBaseSeconds: 1,
      maxAttempts: 10,
    })
    const user = await database.pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
        neighborhood, municipality, postal_code, city, country, gender, birth_date)
       VALUES ('retry@example.com', 'x', 'A', 'B', '5512345678', 's', '1', 'n', 'm', '01000', 'c', 'MX', 'Male', '1990-01-01')
       RETURNING id`,
    )
    await database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale, user_id) VALUES ('password_recovery', 'retry@example.com', 'en', $1)`,
      [user.rows[0]?.id],
    )
    const row = async () =>
      (
        await database.pool.query<{ status: string; attempts: number; wait_ms: number }>(
          `SELECT status, attempts,
             greatest(0, extract(epoch FROM next_attempt_at - now()) * 1000)::int AS wait_ms
           FROM mail_outbox`,
        )
      ).rows[0]
    const started = Date.now()
    try {
      // Down: connection refused.
      expect(await worker.deliverDue()).toBe(0)
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 })
      // Back-off: retrying at once does nothing.
      expect(await worker.deliverDue()).toBe(0)
      expect((await row())?.attempts).toBe(1)

      // Up, but refusing (451) for a while.
      const smtp = await startSmtpCatcher({ port })
      smtp.setMode('reject')
      try {
        await sleep(1100)
        expect(await worker.deliverDue()).toBe(0)
        const second = await row()
        expect(second).toMatchObject({ status: 'pending', attempts: 2 })
        // The second wait is twice the first (1 s, then 2 s).
        expect(second?.wait_ms).toBeGreaterThan(1500)
        expect(smtp.rejected).toBe(1)

        smtp.setMode('accept')
        await sleep((second?.wait_ms ?? 0) + 100)
        expect(await worker.deliverDue()).toBe(1)
        expect(await worker.deliverDue()).toBe(0)
        await sleep(200)
        const delivered = smtp.mails.filter((m) => m.to.includes('retry@example.com'))
        const final = await row()
        console.log(
          `SMTP down → refusing → back: ${final?.attempts} attempts, delivered ${delivered.length} time(s), ${Date.now() - started} ms from first attempt to delivery`,
        )
        expect(delivered).toHaveLength(1)
        expect(final).toMatchObject({ status: 'sent', attempts: 3 })
        // Only the delivered mail's token exists: failed attempts left none behind.
        const tokens = await database.pool.query(
          'SELECT count(*)::int AS n FROM password_reset_tokens',
        )
        expect(tokens.rows[0].n).toBe(1)
      } finally {
        await smtp.close()
      }
    } finally {
      await worker.stop()
      sender.close()
    }
  }, 30_000)
})
