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

export type RateLimiter = {
  hit(rule: RateRule, subject: string): Promise<RateDecision>
  /**
   * Whether one more hit would still be allowed, without counting one: for limits that count
   * only failures (sign-in), checked before the attempt and hit after a failed one.
   */
  peek(rule: RateRule, subject: string): Promise<RateDecision>
  /** Forgets the subject's window (a successful sign-in clears the account's failures). */
  reset(rule: RateRule, subject: string): Promise<void>
}

const hitSql = `
INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES ($1, now(), 1)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
  window_started_at = CASE WHEN r.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE r.window_started_at END
RETURNING hits, greatest(1, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now())))::int AS retry_after`

const peekSql = `
SELECT hits, greatest(1, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now())))::int AS retry_after
FROM rate_limits WHERE key = $1 AND window_started_at > now() - make_interval(secs => $2)`

/** Emails are keyed by a hash: the table never holds an address. */
export function emailSubject(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)
}

/** Rows whose window ended long ago are deleted by the scheduled clean-up (server/maintenance). */
export function createRateLimiter(pool: Pool): RateLimiter {
  return {
    async hit(rule, subject) {
      const result = await pool.query<{ hits: number; retry_after: number }>(hitSql, [
        `${rule.name}:${subject}`,
        rule.windowSeconds,
      ])
      const row = result.rows[0]
      if (!row) throw new Error('The rate-limit upsert returned no row')
      return { allowed: row.hits <= rule.limit, retryAfterSeconds: row.retry_after }
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
