import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { createOutboxWorker } from '../mail/outbox-worker'
import { createSmtpSender } from '../mail/smtp-transport'
import { ApiClient, startApi } from '../test/api-harness'
import { startSmtpCatcher } from '../test/smtp-catcher'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { createPool } from './database'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres'
import { migrate } from './migrate'
import * as schema from './schema'
import { isAlive, postmasterPid } from './stale-postmaster'

/**
 * The server when its dependencies fail, measured: the embedded PostgreSQL stopped under load
 * (503 fast, /healthz 503, recovery by itself, no acknowledged write lost) and the SMTP server
 * down or refusing (retries with back-off, one delivery). Each test prints what it measured.
 */
const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) {
    const pid = postmasterPid(join(dir, 'postgres'))
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGQUIT')
    await new Promise((resolve) => setTimeout(resolve, 200))
    rmSync(dir, { recursive: true, force: true })
  }
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function registration(email: string) {
  return {
    email,
    password: 'violet harbour lantern',
    name: 'Ana',
    lastName: 'García',
    phone: '5512345678',
    street: 'Calle',
    interiorNumber: '1',
    neighborhood: 'Centro',
    municipality: 'Centro',
    postalCode: '01000',
    city: 'Puebla',
    country: 'México',
    gender: 'Female',
    birthDate: '1990-01-01',
  }
}

type Sample = { started: number; ms: number; status: number; email: string }

describe('PostgreSQL stopped under load', () => {
  it('answers 503 within 2 s while it is down, /healthz 503, and recovers by itself with every acknowledged write', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agency-fault-'))
    dirs.push(dataDir)
    let embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, log: () => {} })
    const pool = createPool(embedded.connection, 10)
    await migrate(pool)
    const database: TestDatabase = {
      pool,
      db: drizzle({ client: pool, schema }),
      name: 'agency',
      connection: embedded.connection,
      drop: async () => {
        if (!pool.ending) await pool.end()
      },
    }
    const api = await startApi(database, {
      rateRules: {
        registerPerIp: { name: 'register:ip', limit: 100_000, windowSeconds: 900 },
      },
    })
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
      await embedded.stop()
      await sleep(2500)
      const healthDown = await health()
      const restartAt = Date.now()
      embedded = await startEmbeddedPostgres({ dataDir, log: () => {} })
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

      const outage = samples.filter((s) => s.started > stoppedAt + 200 && s.started < restartAt)
      const failures = outage.filter((s) => s.status !== 201)
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
          `  while down: ${outage.length} requests, all 503: ${failures.every((s) => s.status === 503)}, slowest answer ${maxOutageMs} ms`,
          `  /healthz while down: ${healthDown.status} in ${healthDown.ms} ms; after restart: ${healthUp.status}`,
          `  recovery: first 201 ${recoveredAt - restartAt} ms after PostgreSQL was started again`,
          `  rows lost: ${lost}`,
        ].join('\n'),
      )
      expect(outage.length).toBeGreaterThan(5)
      expect(outage.every((s) => s.status === 503)).toBe(true)
      expect(maxOutageMs).toBeLessThan(2000)
      expect(healthDown).toMatchObject({ status: 503 })
      expect(healthDown.ms).toBeLessThan(2000)
      expect(recoveredAt).toBeGreaterThan(0)
      expect(healthUp.status).toBe(200)
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true)
      expect(lost).toBe(0)
    } finally {
      running = false
      await api.close()
      await pool.end().catch(() => {})
      await embedded.stop()
    }
  }, 90_000)
})

describe.each(testBackends().slice(0, 1))(
  'SMTP down, then refusing, then back ($name)',
  (backend) => {
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
        pool: database.pool,
        send: sender.send,
        publicUrl: 'https://agency.example',
        retryBaseSeconds: 1,
        maxAttempts: 10,
      })
      const user = await database.pool.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, name, last_name, phone, street, interior_number,
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
  },
)
