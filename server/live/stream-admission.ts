import type { Pool } from 'pg'
import type { ThreadSide } from '../../domain/api/api-contract'
import { inTransaction } from '../db/transaction'

/**
 * Who may open one more live stream: each open stream is a row of `thread_watchers`, refreshed by
 * its instance's heartbeat, so the caps per account and per client address count the streams of
 * every instance together, and a dead instance's rows stop counting once stale.
 */

/** Who holds a stream: what its row records and what its periodic check verifies. */
export type StreamOwner = {
  readonly userId: string
  /** The session it was opened with (`sessions.id`): the stream ends when the session does. */
  readonly sessionId: string
  /** The client address's rate-limit key, for the per-address cap. */
  readonly addressKey: string
  /** Opened through the admin gate: it ends when its session no longer passes that gate. */
  readonly admin: boolean
  readonly side: ThreadSide
  /** The thread whose side counts as present while it lives; none for the inbox stream. */
  readonly requestId?: string
}

/**
 * How many streams, and for how long. A browser keeps at most six HTTP/1.1 connections per site,
 * so an account's tabs on one browser never need more than six streams: eight leaves room for a
 * second device. One address may be an office or a carrier's NAT: three accounts' worth. An
 * instance keeps at most half its connections (`maxConnections`) for streams, so pages, the API
 * and `/healthz` always have the other half.
 */
export type StreamLimits = {
  /** Open streams per account, on every instance together. */
  readonly perAccount: number
  /** Open streams per client address key, on every instance together. */
  readonly perAddress: number
  /** Open streams on this instance. */
  readonly perInstance: number
  /** A stream ends after this long, less up to a fifth at random (reconnections spread out). */
  readonly lifetimeMs: number
  /** How often the sessions of the open streams are checked. */
  readonly checkMs: number
}

export const defaultStreamLimits: StreamLimits = {
  perAccount: 8,
  perAddress: 24,
  perInstance: 512,
  lifetimeMs: 10 * 60_000,
  checkMs: 3_000,
}

/** A thread is open on a side when one of its streams refreshed its row this recently. */
export const watcherFreshSeconds = 45

/** Past a cap: `account` and `address` are counted on every instance, `instance` on this one. */
export class StreamRefusedError extends Error {
  constructor(
    readonly cap: 'account' | 'address' | 'instance',
    readonly retryAfterSeconds: number,
  ) {
    super(`Too many live event streams (${cap})`)
  }
}

/**
 * Counts the owner's and the address's fresh streams and records the new one only below both
 * caps, under two advisory locks (account, then address: one order, no deadlock), so streams
 * opened at once on several instances cannot pass a cap together. Resolves with the row's id.
 */
export async function admit(pool: Pool, owner: StreamOwner, limits: StreamLimits): Promise<string> {
  const outcome = await inTransaction(pool, async (client) => {
    await client.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('live:account:' || $1, 0)),
         pg_advisory_xact_lock(hashtextextended('live:address:' || $2, 0))`,
      [owner.userId, owner.addressKey],
    )
    const { rows } = await client.query<{ id: string | null; account: number; address: number }>(
      `WITH counts AS (
         SELECT count(*) FILTER (WHERE user_id = $1)::int AS account,
           count(*) FILTER (WHERE address_key = $2)::int AS address
         FROM thread_watchers
         WHERE (user_id = $1 OR address_key = $2)
           AND seen_at > now() - make_interval(secs => ${watcherFreshSeconds})
       ), added AS (
         INSERT INTO thread_watchers (request_id, user_id, side, session_id, address_key)
         SELECT $3, $1, $4, $5, $2 FROM counts WHERE account < $6 AND address < $7
         RETURNING id
       )
       SELECT (SELECT id FROM added) AS id, account, address FROM counts`,
      [
        owner.userId,
        owner.addressKey,
        owner.requestId ?? null,
        owner.side,
        owner.sessionId,
        limits.perAccount,
        limits.perAddress,
      ],
    )
    return rows[0]
  })
  if (outcome?.id) return outcome.id
  // A slot frees when a tab closes, or 45 s after an instance that held one died.
  throw new StreamRefusedError(
    (outcome?.account ?? 0) >= limits.perAccount ? 'account' : 'address',
    watcherFreshSeconds,
  )
}
