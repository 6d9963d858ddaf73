import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPool } from '../db/database'
import { createTestDatabase, type TestDatabase, testBackends } from '../test/test-database'
import { createOutboxWorker, maskEmail, type OutgoingMail } from './outbox-worker'

describe.each(testBackends())('mail outbox on $name', (backend) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(backend)
  })
  afterAll(async () => {
    await database?.drop()
  })
  beforeEach(async () => {
    await database.pool.query('TRUNCATE mail_outbox')
  })

  async function enqueue(count: number, prefix = 'user'): Promise<void> {
    await database.pool.query(
      `INSERT INTO mail_outbox (kind, recipient, locale, link_token)
       SELECT 'password_recovery', $1 || n || '@example.com', 'en', repeat('t', 43) FROM generate_series(1, $2) AS n`,
      [prefix, count],
    )
  }

  it('two instances delivering at once send every mail exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    await enqueue(30)
    const sent: string[] = []
    const slowSend = async (mail: OutgoingMail) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      sent.push(mail.to)
    }
    const pools = [createPool(database.connection, 3), createPool(database.connection, 3)]
    try {
      const workers = pools.map((pool) =>
        createOutboxWorker({
          pool,
          send: slowSend,
          publicUrl: 'http://x',
          batchSize: 4,
          log: () => {},
        }),
      )
      const counts = await Promise.all(workers.map((worker) => worker.deliverDue()))
      expect(counts.reduce((a, b) => a + b, 0)).toBe(30)
      expect(counts.every((count) => count > 0)).toBe(true) // both really took part
      expect(new Set(sent).size).toBe(30)
      expect(sent).toHaveLength(30)
      const left = await database.pool.query(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'sent' OR link_token IS NOT NULL",
      )
      expect(left.rows[0].n).toBe(0)
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })

  it('retries a failed delivery later, then gives up and drops the token', async () => {
    await enqueue(1)
    const failing = async () => {
      throw new Error('421 try again later')
    }
    const worker = createOutboxWorker({
      pool: database.pool,
      send: failing,
      publicUrl: 'http://x',
      maxAttempts: 2,
      log: () => {},
    })
    expect(await worker.deliverDue()).toBe(0)
    let row = (
      await database.pool.query(
        'SELECT status, attempts, last_error, next_attempt_at > now() AS later FROM mail_outbox',
      )
    ).rows[0]
    expect(row).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: '421 try again later',
      later: true,
    })

    await database.pool.query('UPDATE mail_outbox SET next_attempt_at = now()')
    await worker.deliverDue()
    row = (await database.pool.query('SELECT status, attempts, link_token FROM mail_outbox'))
      .rows[0]
    expect(row).toEqual({ status: 'failed', attempts: 2, link_token: null })
  })

  it('without SMTP, leaves the mail in the outbox and logs it without the token or the full address', async () => {
    await enqueue(1, 'secretive')
    const lines: string[] = []
    const worker = createOutboxWorker({
      pool: database.pool,
      send: undefined,
      publicUrl: 'http://x',
      log: (line) => lines.push(line),
    })
    const { rows } = await database.pool.query('SELECT id FROM mail_outbox')
    worker.queued(Number(rows[0].id))
    await expect.poll(() => lines.length).toBe(1)
    expect(lines[0]).toMatch(/stays in the outbox: SMTP_URL is not set/)
    expect(lines[0]).not.toContain('t'.repeat(43))
    expect(lines[0]).not.toContain('secretive1@')
    expect(await worker.deliverDue()).toBe(0)
    const left = await database.pool.query(
      'SELECT status, link_token IS NOT NULL AS has_token FROM mail_outbox',
    )
    expect(left.rows).toEqual([{ status: 'pending', has_token: true }])
  })

  it('expires mail older than the token lifetime, dropping its token', async () => {
    await enqueue(1)
    await database.pool.query("UPDATE mail_outbox SET created_at = now() - interval '61 minutes'")
    const sent: string[] = []
    const worker = createOutboxWorker({
      pool: database.pool,
      send: async (m) => void sent.push(m.to),
      publicUrl: 'http://x',
      log: () => {},
    })
    await worker.deliverDue()
    expect(sent).toEqual([])
    const row = (await database.pool.query('SELECT status, link_token FROM mail_outbox')).rows[0]
    expect(row).toEqual({ status: 'expired', link_token: null })
  })
})

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ana@example.com')).toBe('a***@example.com')
    expect(maskEmail('nope')).toBe('***')
  })
})
