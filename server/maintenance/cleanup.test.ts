import { describe, expect, it } from 'vitest'
import { testBackends, useTestDatabase } from '../test/test-database'
import { runCleanup } from './cleanup'

describe.each(testBackends())('the scheduled clean-up on $name', (backend) => {
  const database = useTestDatabase(backend)

  it('deletes expired tokens, finished outbox rows after 30 days and ended rate-limit windows; keeps the rest', async () => {
    const q = (sql: string, values: unknown[] = []) => database.pool.query(sql, values)
    const user = await q(
      `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
        neighborhood, municipality, postal_code, city, country, gender, birth_date)
       VALUES ('clean@example.com', 'x', 'A', 'B', '5512345678', 's', '1', 'n', 'm', '01000', 'c', 'MX', 'Male', '1990-01-01')
       RETURNING id`,
    )
    const id = user.rows[0].id
    await q(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES
        ($1, 'old', now() - interval '2 days'), ($1, 'fresh', now() + interval '1 hour')`,
      [id],
    )
    await q(
      `INSERT INTO mail_outbox (kind, recipient, locale, user_id, status, created_at) VALUES
        ('password_recovery', 'a@example.com', 'en', $1, 'sent', now() - interval '31 days'),
        ('password_recovery', 'b@example.com', 'en', NULL, 'dropped', now() - interval '31 days'),
        ('password_recovery', 'c@example.com', 'en', $1, 'sent', now() - interval '29 days'),
        ('password_changed', 'd@example.com', 'en', $1, 'pending', now() - interval '31 days')`,
      [id],
    )
    await q(
      `INSERT INTO rate_limits (key, window_started_at, hits) VALUES
        ('old', now() - interval '25 hours', 3), ('current', now(), 1)`,
    )
    await q(
      `INSERT INTO email_verification_tokens (user_id, token_hash, expires_at) VALUES
        ($1, 'old-link', now() - interval '2 days'), ($1, 'fresh-link', now() + interval '1 day')`,
      [id],
    )
    await q(
      `INSERT INTO sessions (user_id, token_hash, remember, created_at, last_seen_at, expires_at) VALUES
        ($1, 'past-absolute', true, now() - interval '31 days', now() - interval '1 hour', now() - interval '1 day'),
        ($1, 'idle-too-long', false, now() - interval '4 hours', now() - interval '3 hours', now() + interval '29 days'),
        ($1, 'remembered', true, now() - interval '4 days', now() - interval '3 days', now() + interval '26 days'),
        ($1, 'alive', false, now() - interval '1 hour', now(), now() + interval '29 days')`,
      [id],
    )
    await q(
      `INSERT INTO proposal_acceptances (client_name, client_email, full_name, ip_address,
         user_agent, content, content_sha256, total, accepted_at, retain_until) VALUES
        ('Old', 'old@example.com', 'Old', '10.0.0.1', 'x', '{}', 'h', 1, now() - interval '6 years', now() - interval '1 year'),
        ('Kept', 'kept@example.com', 'Kept', '10.0.0.1', 'x', '{}', 'h', 1, now() - interval '4 years', now() + interval '1 year')`,
    )
    await q(
      `INSERT INTO payment_records (amount, paid_on, method, applied, credit, client_name,
         client_email, retain_until) VALUES
        (100, current_date - 2200, 'spei', '[]', 0, 'Old', 'old@example.com', now() - interval '1 day'),
        (100, current_date - 1000, 'cash', '[]', 0, 'Kept', 'kept@example.com', now() + interval '1 year')`,
    )
    expect(await runCleanup(database.pool)).toEqual({
      expiredTokens: 1,
      expiredVerificationTokens: 1,
      endedSessions: 2,
      finishedMail: 2,
      rateLimits: 1,
      unverifiedAccounts: 0,
      signInLeftovers: 0,
      unsentUploads: 0,
      staleWatchers: 0,
      lapsedAcceptances: 1,
      lapsedPayments: 1,
      expiredProposals: 0,
      instalmentsDue: 0,
    })
    expect((await q('SELECT client_name FROM payment_records')).rows).toEqual([
      { client_name: 'Kept' },
    ])
    // Past five years the record goes; within them it stays, whatever became of the account.
    expect((await q('SELECT client_name FROM proposal_acceptances')).rows).toEqual([
      { client_name: 'Kept' },
    ])
    expect((await q('SELECT token_hash FROM password_reset_tokens')).rows).toEqual([
      { token_hash: 'fresh' },
    ])
    expect((await q('SELECT recipient FROM mail_outbox ORDER BY recipient')).rows).toEqual([
      { recipient: 'c@example.com' },
      { recipient: 'd@example.com' },
    ])
    expect((await q('SELECT key FROM rate_limits')).rows).toEqual([{ key: 'current' }])
    expect((await q('SELECT token_hash FROM email_verification_tokens')).rows).toEqual([
      { token_hash: 'fresh-link' },
    ])
    expect((await q('SELECT token_hash FROM sessions ORDER BY token_hash')).rows).toEqual([
      { token_hash: 'alive' },
      { token_hash: 'remembered' },
    ])
  })

  it('deletes registrations left unconfirmed for 7 days, with their tokens and mails; keeps confirmed and recent ones', async () => {
    const q = (sql: string, values: unknown[] = []) => database.pool.query(sql, values)
    const account = (email: string, createdDaysAgo: number, verified: boolean) =>
      q(
        `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
          neighborhood, municipality, postal_code, city, country, gender, birth_date, created_at,
          email_verified_at)
         VALUES ($1, 'x', 'A', 'B', '5512345678', 's', '1', 'n', 'm', '01000', 'c', 'MX', 'Male',
          '1990-01-01', now() - make_interval(days => $2),
          CASE WHEN $3 THEN now() - make_interval(days => $2) END)
         RETURNING id`,
        [email, createdDaysAgo, verified],
      )
    const stale = (await account('stale@example.com', 8, false)).rows[0].id
    await account('recent@example.com', 6, false)
    await account('confirmed@example.com', 30, true)
    await q(
      `INSERT INTO email_verification_tokens (user_id, token_hash, expires_at)
       VALUES ($1, 'stale-link', now() + interval '1 day')`,
      [stale],
    )
    await q(
      `INSERT INTO mail_outbox (kind, recipient, locale, user_id)
       VALUES ('email_verification', 'stale@example.com', 'en', $1)`,
      [stale],
    )
    expect((await runCleanup(database.pool)).unverifiedAccounts).toBe(1)
    const left = await q(
      `SELECT email FROM users WHERE email LIKE '%@example.com' AND email <> 'clean@example.com'
       ORDER BY email`,
    )
    expect(left.rows).toEqual([{ email: 'confirmed@example.com' }, { email: 'recent@example.com' }])
    expect(
      (await q("SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = 'stale@example.com'"))
        .rows[0].n,
    ).toBe(0)
    expect(
      (
        await q(
          "SELECT count(*)::int AS n FROM email_verification_tokens WHERE token_hash = 'stale-link'",
        )
      ).rows[0].n,
    ).toBe(0)
  })

  it('deletes uploads no message sent within 24 hours, with their chunks, and the streams of a dead instance', async () => {
    const q = (sql: string, values: unknown[] = []) => database.pool.query(sql, values)
    const owner = (
      await q(
        `INSERT INTO users (email, password_hash, name, last_name, phone, street, exterior_number,
          neighborhood, municipality, postal_code, city, country, gender, birth_date)
         VALUES ('uploads@example.com', 'x', 'A', 'B', '5512345678', 's', '1', 'n', 'm', '01000',
           'c', 'MX', 'Female', '1990-01-01') RETURNING id`,
      )
    ).rows[0].id
    const request = (
      await q(
        `INSERT INTO service_requests (user_id, service_id, need, desired_start, budget, number)
         VALUES ($1, 'seo', 'A brief that is long enough.', 'flexible', 'not-sure',
           'PD-test-' || gen_random_uuid()) RETURNING id`,
        [owner],
      )
    ).rows[0].id
    const message = (
      await q(
        `INSERT INTO thread_messages (request_id, author_id, side, body)
         VALUES ($1, $2, 'client', 'Here is the logo.') RETURNING id`,
        [request, owner],
      )
    ).rows[0].id
    const file = async (name: string, hoursAgo: number, messageId: string | null) => {
      const id = (
        await q(
          `INSERT INTO thread_files (request_id, owner_id, message_id, name, size, created_at, stored_at)
           VALUES ($1, $2, $3, $4, 3, now() - make_interval(hours => $5), now()) RETURNING id`,
          [request, owner, messageId, name, hoursAgo],
        )
      ).rows[0].id
      await q(`INSERT INTO thread_file_chunks (file_id, seq, data) VALUES ($1, 0, '\\x616263')`, [
        id,
      ])
      return id
    }
    await file('forgotten.pdf', 25, null)
    await file('waiting.pdf', 23, null)
    await file('sent long ago.pdf', 48, message)
    const session = (
      await q(
        `INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
         VALUES ($1, 'cleanup-watchers', now(), now(), now() + interval '1 day') RETURNING id`,
        [owner],
      )
    ).rows[0].id
    await q(
      `INSERT INTO thread_watchers (request_id, user_id, side, session_id, address_key, seen_at)
       VALUES ($1, $2, 'client', $3, '192.0.2.1', now() - interval '2 hours'),
         ($1, $2, 'client', $3, '192.0.2.1', now())`,
      [request, owner, session],
    )
    const counts = await runCleanup(database.pool)
    expect(counts.unsentUploads).toBe(1)
    expect(counts.staleWatchers).toBe(1)
    const names = await q('SELECT name FROM thread_files ORDER BY name')
    expect(names.rows).toEqual([{ name: 'sent long ago.pdf' }, { name: 'waiting.pdf' }])
    expect((await q('SELECT count(*)::int AS n FROM thread_file_chunks')).rows[0].n).toBe(2)
  })

  it('finds its rows through indexes, not by scanning the tables', async () => {
    const client = await database.pool.connect()
    try {
      // Tiny test tables make a scan cheapest: forbid it to see which index the plan can use.
      await client.query('SET enable_seqscan = off')
      for (const [sql, index] of [
        [
          `SELECT id FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`,
          'password_reset_tokens_expires_at_idx',
        ],
        [
          `SELECT id FROM mail_outbox WHERE status <> 'pending' AND created_at < now() - interval '30 days'`,
          'mail_outbox_finished_idx',
        ],
        [
          `SELECT key FROM rate_limits WHERE window_started_at < now() - interval '1 day'`,
          'rate_limits_window_started_at_idx',
        ],
        [
          `SELECT id FROM email_verification_tokens WHERE expires_at < now() - interval '1 day'`,
          'email_verification_tokens_expires_at_idx',
        ],
        [
          `SELECT id FROM sessions WHERE expires_at < now() OR (NOT remember AND last_seen_at < now() - interval '2 hours')`,
          'sessions_expires_at_idx',
        ],
        [
          `SELECT id FROM sessions WHERE expires_at < now() OR (NOT remember AND last_seen_at < now() - interval '2 hours')`,
          'sessions_last_seen_at_idx',
        ],
        [
          `SELECT id FROM users WHERE email_verified_at IS NULL AND created_at < now() - interval '7 days'`,
          'users_unverified_created_at_idx',
        ],
        [
          `SELECT id FROM thread_files WHERE message_id IS NULL AND created_at < now() - interval '24 hours'`,
          'thread_files_unsent_idx',
        ],
        [
          `SELECT id FROM thread_watchers WHERE seen_at < now() - interval '1 hour'`,
          'thread_watchers_seen_idx',
        ],
      ] as const) {
        const plan = (await client.query(`EXPLAIN ${sql}`)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n')
        expect(plan).toContain(index)
      }
    } finally {
      await client.query('RESET enable_seqscan')
      client.release()
    }
  })
})
