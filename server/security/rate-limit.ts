import { createHash } from 'node:crypto'
import type { Pool } from 'pg'

/**
 * Fixed-window rate limits whose counters live in PostgreSQL (table rate_limits), so every
 * instance behind a load balancer enforces the same budget. One statement per check: an upsert
 * that either starts a new window or counts the hit, and reports what is left.
 */

export type RateRule = {
  /** Key prefix, e.g. "register:ip". */
  readonly name: string
  readonly limit: number
  readonly windowSeconds: number
}

export type RateDecision = { readonly allowed: boolean; readonly retryAfterSeconds: number }

/**
 * An attempt counted before the work it limits (see `reserve`). A refused reservation has
 * already been given back.
 */
export type Reservation = RateDecision & {
  /**
   * Un-counts the attempt (it turned out not to be a failure), or `amount` of what was reserved
   * (the part not used), if its window still runs. Never more than was reserved, in all.
   */
  giveBack(amount?: number): Promise<void>
}

export type RateLimiter = {
  hit(rule: RateRule, subject: string): Promise<RateDecision>
  /**
   * Counts `amount` at once (bytes uploaded, say); refused when the window's total passes the
   * limit. The amount stays counted either way: it was spent.
   */
  spend(rule: RateRule, subject: string, amount: number): Promise<RateDecision>
  /**
   * Counts an attempt before it is made, in the one statement that checks the limit: however
   * many run at once, at most `limit` are allowed in a window. For limits that count only
   * failures (a password or code check): reserve, check, and give the reservation back when
   * the check passes (docs/decisions/032-rate-limit-reservations.md). With `amount`, reserves
   * that much at once (the bytes an upload may carry), to give back what was not used.
   */
  reserve(rule: RateRule, subject: string, amount?: number): Promise<Reservation>
  /** Whether one more hit would still be allowed, without counting one. */
  peek(rule: RateRule, subject: string): Promise<RateDecision>
  /** Forgets the subject's window (a successful sign-in clears the account's failures). */
  reset(rule: RateRule, subject: string): Promise<void>
}

const hitSql = `
INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES ($1, now(), $3)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.window_started_at <= now() - make_interval(secs => $2) THEN $3 ELSE r.hits + $3 END,
  window_started_at = CASE WHEN r.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE r.window_started_at END
RETURNING hits, window_started_at::text AS window_started,
  greatest(1, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now())))::int AS retry_after`

const peekSql = `
SELECT hits, greatest(1, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now())))::int AS retry_after
FROM rate_limits WHERE key = $1 AND window_started_at > now() - make_interval(secs => $2)`

/**
 * Only within the window the attempt was counted in: a new window owes nothing. The window's
 * start travels as text, which keeps the microseconds a JavaScript Date would drop.
 */
const giveBackSql = `
UPDATE rate_limits SET hits = greatest(0, hits - $3)
WHERE key = $1 AND window_started_at = $2::timestamptz AND hits > 0`

/** Emails are keyed by a hash: the table never holds an address. */
export function emailSubject(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)
}

type HitRow = { hits: number; window_started: string; retry_after: number }

/** Rows whose window ended long ago are deleted by the scheduled clean-up (server/maintenance). */
export function createRateLimiter(pool: Pool): RateLimiter {
  const count = async (rule: RateRule, subject: string, amount = 1) => {
    const key = `${rule.name}:${subject}`
    const result = await pool.query<HitRow>(hitSql, [key, rule.windowSeconds, amount])
    const row = result.rows[0]
    if (!row) throw new Error('The rate-limit upsert returned no row')
    return { key, row }
  }
  return {
    async hit(rule, subject) {
      const { row } = await count(rule, subject)
      return { allowed: row.hits <= rule.limit, retryAfterSeconds: row.retry_after }
    },
    async spend(rule, subject, amount) {
      const { row } = await count(rule, subject, amount)
      return { allowed: row.hits <= rule.limit, retryAfterSeconds: row.retry_after }
    },
    async reserve(rule, subject, amount = 1) {
      const { key, row } = await count(rule, subject, amount)
      let owed = amount
      const giveBack = async (part = owed) => {
        const returned = Math.min(Math.max(0, part), owed)
        if (returned === 0) return
        owed -= returned
        await pool.query(giveBackSql, [key, row.window_started, returned])
      }
      const allowed = row.hits <= rule.limit
      // A refused attempt is not made, so it does not count: the window ends when it would have.
      if (!allowed) await giveBack()
      return { allowed, retryAfterSeconds: row.retry_after, giveBack }
    },
    async peek(rule, subject) {
      const result = await pool.query<{ hits: number; retry_after: number }>(peekSql, [
        `${rule.name}:${subject}`,
        rule.windowSeconds,
      ])
      const row = result.rows[0]
      if (!row) return { allowed: true, retryAfterSeconds: 0 }
      return { allowed: row.hits < rule.limit, retryAfterSeconds: row.retry_after }
    },
    async reset(rule, subject) {
      await pool.query('DELETE FROM rate_limits WHERE key = $1', [`${rule.name}:${subject}`])
    },
  }
}
