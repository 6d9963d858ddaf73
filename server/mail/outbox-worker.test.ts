import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { createPool } from '../db/database'
import { mailKinds } from '../mail-kinds'
import { testBackends, useTestDatabase } from '../test/test-database'
import { createOutboxWorker, maskEmail, type OutgoingMail } from './outbox-worker'

describe.each(testBackends())('mail outbox on $name', (backend) => {
  const database = useTestDatabase(backend)
  beforeEach(async () => {
    await database.pool.query('TRUNCATE mail_outbox, password_reset_tokens, users CASCADE')
  })

  /** `count` accounts, each with a recovery mail waiting (what the resend route inserts). */
  async function enqueue(count: number, prefix = 'user'): Promise<void> {
    await database.pool.query(
      `WITH accounts AS (
         INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
           neighborhood, municipality, postal_code, city, country, gender, birth_date)
         SELECT $1 || n || '@example.com', 'x', 'N', 'L', '5512345678', 'S', '1', 'C', 'M',
           '72000', 'P', 'MX', 'Male', '1990-01-01'
         FROM generate_series(1, $2) AS n
         RETURNING id, email
       )
       INSERT INTO mail_outbox (kind, recipient, locale, user_id)
       SELECT 'password_recovery', email, 'en', id FROM accounts`,
      [prefix, count],
    )
  }

  function tokenIn(mail: OutgoingMail): string {
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]
    if (!token) throw new Error(`No token in ${mail.text}`)
    return token
  }

  const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

  async function storedTokens(): Promise<{ email: string; token_hash: string; minutes: number }[]> {
    const { rows } = await database.pool.query(
      `SELECT users.email, token_hash,
         round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes
       FROM password_reset_tokens JOIN users ON users.id = user_id`,
    )
    return rows.sort((a, b) => (a.email < b.email ? -1 : 1))
  }

  it('two instances delivering at once send every mail exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    await enqueue(30)
    const sent: string[] = []
    const mails: OutgoingMail[] = []
    const slowSend = async (mail: OutgoingMail) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      sent.push(mail.to)
      mails.push(mail)
    }
    const pools = [createPool(database.connection, 3), createPool(database.connection, 3)]
    try {
      const workers = pools.map((pool) =>
        createOutboxWorker({
          kinds: mailKinds,
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
        "SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'sent'",
      )
      expect(left.rows[0].n).toBe(0)
      // One token per mail, for its recipient's account, stored only as a hash.
      const expected = mails
        .map((mail) => ({ email: mail.to, token_hash: sha256(tokenIn(mail)), minutes: 60 }))
        .sort((a, b) => (a.email < b.email ? -1 : 1))
      expect(await storedTokens()).toEqual(expected)
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })

  it('commits the token before the mail is handed to SMTP, and holds no transaction while sending', async () => {
    const { rows: columns } = await database.pool.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'mail_outbox'",
    )
    expect(columns.map((column) => column.column_name)).not.toContain('link_token')

    await enqueue(1, 'atomic')
    const seenDuringSend: unknown[] = []
    const worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: async (mail) => {
        // Another connection already finds the token: the link works as soon as it is read.
        const token = await database.pool.query(
          'SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = $1',
          [sha256(tokenIn(mail))],
        )
        // The row is claimed (a lease, the attempt counted), not yet sent.
        const outbox = await database.pool.query(
          'SELECT status, attempts, next_attempt_at > now() AS leased FROM mail_outbox',
        )
        const open = await database.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        )
        seenDuringSend.push(token.rows[0].n, outbox.rows[0], open.rows[0].n)
      },
      publicUrl: 'http://x',
      log: () => {},
    })
    expect(await worker.deliverDue()).toBe(1)
    expect(seenDuringSend).toEqual([1, { status: 'pending', attempts: 1, leased: true }, 0])
    const [stored] = await storedTokens()
    expect(stored).toMatchObject({ email: 'atomic1@example.com', minutes: 60 })
    expect((await database.pool.query('SELECT status, attempts FROM mail_outbox')).rows).toEqual([
      { status: 'sent', attempts: 1 },
    ])
  })

  it('stops after the mail in hand and puts the batch’s other claimed rows back, due at once', async () => {
    await enqueue(8, 'backlog')
    const sent: string[] = []
    let worker: ReturnType<typeof createOutboxWorker> | undefined
    let stopping: Promise<void> | undefined
    worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: async (mail) => {
        sent.push(mail.to)
        // The stop request arrives while the third mail is with SMTP.
        if (sent.length === 3) stopping = worker?.stop()
      },
      publicUrl: 'http://x',
      batchSize: 5,
      log: () => {},
    })
    await worker.deliverDue()
    await stopping
    expect(sent).toHaveLength(3)
    const { rows } = await database.pool.query(
      `SELECT status, attempts, next_attempt_at <= now() AS due, count(*)::int AS n
       FROM mail_outbox GROUP BY 1, 2, 3 ORDER BY 1`,
    )
    expect(rows).toEqual([
      { status: 'pending', attempts: 0, due: true, n: 5 },
      { status: 'sent', attempts: 1, due: false, n: 3 },
    ])
    // Stopped: nothing more is claimed.
    expect(await worker.deliverDue()).toBe(0)
    expect(sent).toHaveLength(3)
  })

  it('sends again after a crash between sending and marking; the first link works until the second mail is sent', async () => {
    await enqueue(1, 'crash')
    const first: OutgoingMail[] = []
    const crashing = createPool(database.connection, 2)
    const lines: string[] = []
    const doomed = createOutboxWorker({
      kinds: mailKinds,
      pool: crashing,
      send: async (mail) => {
        first.push(mail)
        // The process "dies" here: its connections are gone before the row is marked sent.
        await crashing.end()
      },
      publicUrl: 'http://x',
      log: (line) => lines.push(line),
    })
    expect(await doomed.deliverDue()).toBe(0)
    expect(lines.join('\n')).toMatch(/round failed/)
    const leased = await database.pool.query(
      'SELECT status, attempts, next_attempt_at > now() AS leased FROM mail_outbox',
    )
    expect(leased.rows).toEqual([{ status: 'pending', attempts: 1, leased: true }])
    const [firstMail] = first
    if (!firstMail) throw new Error('The first mail was not sent')
    const firstHash = sha256(tokenIn(firstMail))
    const usable = async (hash: string) =>
      (
        await database.pool.query(
          'SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
          [hash],
        )
      ).rows[0].n === 1
    expect(await usable(firstHash)).toBe(true)

    // Another instance finds the row once the lease has ended (moved forward here).
    await database.pool.query('UPDATE mail_outbox SET next_attempt_at = now()')
    const second: OutgoingMail[] = []
    const survivor = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: async (mail) => void second.push(mail),
      publicUrl: 'http://x',
      log: () => {},
    })
    expect(await survivor.deliverDue()).toBe(1)
    const [secondMail] = second
    if (!secondMail) throw new Error('The mail was not sent again')
    expect(await usable(sha256(tokenIn(secondMail)))).toBe(true)
    expect(await usable(firstHash)).toBe(false)
    expect((await database.pool.query('SELECT status, attempts FROM mail_outbox')).rows).toEqual([
      { status: 'sent', attempts: 2 },
    ])
  })

  it('keeps the previous link working when a new mail fails, and leaves no token of the failed one', async () => {
    await enqueue(1, 'keep')
    const sent: OutgoingMail[] = []
    let fail = false
    const worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: async (mail) => {
        if (fail) throw new Error('421 try again later')
        sent.push(mail)
      },
      publicUrl: 'http://x',
      log: () => {},
    })
    expect(await worker.deliverDue()).toBe(1)
    await database.pool.query(
      "INSERT INTO mail_outbox (kind, recipient, locale, user_id) SELECT 'password_recovery', email, 'en', id FROM users",
    )
    fail = true
    expect(await worker.deliverDue()).toBe(0)
    const [mail] = sent
    if (!mail) throw new Error('No mail')
    const { rows } = await database.pool.query(
      'SELECT token_hash, used_at IS NULL AS usable FROM password_reset_tokens',
    )
    expect(rows).toEqual([{ token_hash: sha256(tokenIn(mail)), usable: true }])
  })

  it('retries a failed delivery later, then gives up, leaving no token behind', async () => {
    await enqueue(1)
    const failing = async () => {
      throw new Error('421 try again later')
    }
    const worker = createOutboxWorker({
      kinds: mailKinds,
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
    expect(await storedTokens()).toEqual([])

    await database.pool.query('UPDATE mail_outbox SET next_attempt_at = now()')
    await worker.deliverDue()
    row = (await database.pool.query('SELECT status, attempts FROM mail_outbox')).rows[0]
    expect(row).toEqual({ status: 'failed', attempts: 2 })
    expect(await storedTokens()).toEqual([])
  })

  it('without SMTP, leaves the mail in the outbox, creates no token, and logs without the full address', async () => {
    await enqueue(1, 'secretive')
    const lines: string[] = []
    const worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: undefined,
      publicUrl: 'http://x',
      log: (line) => lines.push(line),
    })
    const { rows } = await database.pool.query('SELECT id FROM mail_outbox')
    worker.queued(Number(rows[0].id))
    await expect.poll(() => lines.length).toBe(1)
    expect(lines[0]).toMatch(/stays in the outbox: SMTP_URL is not set/)
    expect(lines[0]).not.toContain('secretive1@')
    expect(await worker.deliverDue()).toBe(0)
    const left = await database.pool.query('SELECT status FROM mail_outbox')
    expect(left.rows).toEqual([{ status: 'pending' }])
    expect(await storedTokens()).toEqual([])
  })

  it('expires mail older than the token lifetime without creating a token', async () => {
    await enqueue(1)
    await database.pool.query("UPDATE mail_outbox SET created_at = now() - interval '61 minutes'")
    const sent: string[] = []
    const worker = createOutboxWorker({
      kinds: mailKinds,
      pool: database.pool,
      send: async (m) => void sent.push(m.to),
      publicUrl: 'http://x',
      log: () => {},
    })
    await worker.deliverDue()
    expect(sent).toEqual([])
    const row = (await database.pool.query('SELECT status FROM mail_outbox')).rows[0]
    expect(row).toEqual({ status: 'expired' })
    expect(await storedTokens()).toEqual([])
  })
})

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ana@example.com')).toBe('a***@example.com')
    expect(maskEmail('nope')).toBe('***')
  })
})
