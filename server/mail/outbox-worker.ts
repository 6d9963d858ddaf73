import type { Pool, PoolClient } from 'pg'
import { isLocale } from '../../src/domain/locales'
import type { mailOutbox } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { inTransaction } from '../db/transaction'
import { describeError } from '../log/describe-error'
import { maskEmail } from '../log/mask-email'
import { type MailKindRegistry, type PreparedMail, referenceColumns } from './mail-kind'
import { deleteLink, type MintedLink, retireOlderLinks } from './outbox-links'

/**
 * Delivers the mail outbox, one mail at a time, with no transaction open while SMTP talks:
 *
 * 1. Claim: one statement picks due rows with `FOR UPDATE SKIP LOCKED`, counts the attempt and
 *    pushes `next_attempt_at` past a lease, then commits. Other instances skip the locked rows
 *    and, once committed, find them not due: a mail is never sent twice by two instances while
 *    each finishes its batch within the lease.
 * 2. Compose, in a short transaction of its own: a recovery or verification mail gets a fresh
 *    token, stored as a hash and committed here, before the mail exists anywhere else, so the
 *    link works the moment the mail can be read.
 * 3. Send, outside any transaction.
 * 4. Mark the row sent (and retire the account's older links), or record the failure, delete the
 *    unread token and schedule a retry with back-off.
 *
 * At least once: if the process dies between 3 and 4, the row comes due again when its lease
 * ends and the mail is sent again with a new token; the first mail's link works until the second
 * mail is marked sent, then only the newest link works. Stopping finishes the mail in hand and
 * puts the batch's other claimed rows back in the queue, due at once. The plain token exists
 * only in the mail; the deletion notice belongs to no account (it is gone) and is deleted once
 * sent.
 */

export type OutgoingMail = {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Where answers go, when not to the sender (the agency's copy of an enquiry: the visitor). */
  readonly replyTo?: string
}

export type SendMail = (mail: OutgoingMail) => Promise<void>

export type OutboxWorkerOptions = {
  readonly pool: Pool
  /** Every kind of mail the outbox carries, and how each is composed (server/mail-kinds.ts). */
  readonly kinds: MailKindRegistry
  /** Undefined when SMTP_URL is not set: mail then stays in the outbox. */
  readonly send: SendMail | undefined
  readonly publicUrl: string
  readonly pollMilliseconds?: number
  readonly batchSize?: number
  readonly maxAttempts?: number
  /** Delay before the first retry; each further retry waits twice as long (up to an hour). */
  readonly retryBaseSeconds?: number
  /**
   * How long claimed rows stay invisible to other instances: longer than a batch takes to send
   * (the SMTP timeouts bound each mail), short enough that a crashed instance's rows soon come due.
   */
  readonly leaseSeconds?: number
  readonly log?: (message: string) => void
}

export type OutboxWorker = {
  /** A mail was just put in the outbox: deliver it now (or log that it waits). */
  queued(outboxId: number): void
  /** One delivery round; resolves with the number of mails sent (0 once stopped). */
  deliverDue(): Promise<number>
  start(): void
  /** Finishes the mail in hand, puts the other claimed rows back in the queue, claims no more. */
  stop(): Promise<void>
}

/** `attempts` counts the attempt under way (the claim counts it). */
type OutboxRow = SqlColumns<
  typeof mailOutbox,
  | 'id'
  | 'kind'
  | 'recipient'
  | 'locale'
  | 'user_id'
  | 'enquiry_id'
  | 'request_history_id'
  | 'thread_message_id'
  | 'proposal_event_id'
  | 'attempts'
>

/** The log's one masking function (server/log/mask-email.ts), re-exported for this file's tests. */
export { maskEmail }

export function retryDelaySeconds(attempts: number, baseSeconds = 30): number {
  return Math.min(baseSeconds * 2 ** (attempts - 1), 3600)
}

const claimColumns =
  'id, kind, recipient, locale, user_id, enquiry_id, request_history_id, thread_message_id, proposal_event_id, attempts'

export function createOutboxWorker({
  pool,
  kinds,
  send,
  publicUrl,
  pollMilliseconds = 2000,
  batchSize = 10,
  maxAttempts = 6,
  retryBaseSeconds = 30,
  leaseSeconds = 600,
  log = () => {},
}: OutboxWorkerOptions): OutboxWorker {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = false

  /** The link mails' kinds and how long their links live, for `expireOld`. */
  const linkKinds = [...kinds.values()].filter((kind) => kind.linkLifetimeSeconds !== undefined)

  async function expireOld(): Promise<void> {
    // A link mail that waited longer than its token lives is stale: the visitor has moved on.
    await pool.query(
      `UPDATE mail_outbox SET status = 'expired'
       FROM unnest($1::text[], $2::int[]) AS link (kind, seconds)
       WHERE mail_outbox.kind = link.kind AND status = 'pending' AND next_attempt_at <= now()
         AND created_at < now() - make_interval(secs => link.seconds)`,
      [linkKinds.map((kind) => kind.name), linkKinds.map((kind) => kind.linkLifetimeSeconds)],
    )
  }

  /** Takes up to a batch of due rows for this instance alone, for `leaseSeconds`. */
  async function claim(): Promise<OutboxRow[]> {
    const { rows } = await pool.query<OutboxRow>(
      `UPDATE mail_outbox
       SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${claimColumns}`,
      [batchSize, leaseSeconds],
    )
    return rows.sort((a, b) => Number(a.id) - Number(b.id))
  }

  /** Claimed rows whose mail was never handed to SMTP: due again at once, the attempt uncounted. */
  async function release(rows: readonly OutboxRow[]): Promise<void> {
    if (rows.length === 0) return
    await pool.query(
      `UPDATE mail_outbox SET attempts = attempts - 1, next_attempt_at = now()
       WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
      [rows.map((row) => row.id)],
    )
  }

  /** The mail a row stands for (by its kind), or undefined when there is nothing to send. */
  async function compose(client: PoolClient, row: OutboxRow): Promise<PreparedMail | undefined> {
    const kind = kinds.get(row.kind)
    if (!kind) return undefined
    const context = { client, locale: isLocale(row.locale) ? row.locale : 'en', publicUrl }
    if (kind.references === 'none') return kind.compose(context)
    const reference = row[referenceColumns[kind.references]]
    return reference === null ? undefined : kind.compose(context, reference)
  }

  /** The last trace of a deleted account: deleted once sent or given up. */
  const deletedWhenDone = (row: OutboxRow) => kinds.get(row.kind)?.deleteWhenDone === true

  /**
   * Composes a claimed row and commits its token; a row with nothing to send is closed in the
   * same transaction.
   */
  function prepare(row: OutboxRow): Promise<PreparedMail | undefined> {
    return inTransaction(pool, async (client) => {
      const prepared = await compose(client, row)
      if (!prepared) {
        // A recovery request for an address without an account, an address confirmed in the
        // meantime: nothing to send. The row is kept like a sent one.
        await client.query(
          `UPDATE mail_outbox SET status = 'dropped', last_error = 'no account' WHERE id = $1`,
          [row.id],
        )
      }
      return prepared
    })
  }

  function markSent(row: OutboxRow, link: MintedLink | undefined): Promise<void> {
    return inTransaction(pool, async (client) => {
      if (link) await retireOlderLinks(client, link)
      // The deletion notice is the last trace of a deleted account: gone once sent.
      await client.query(
        deletedWhenDone(row)
          ? 'DELETE FROM mail_outbox WHERE id = $1'
          : `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
        [row.id],
      )
    })
  }

  function markFailed(
    row: OutboxRow,
    link: MintedLink | undefined,
    reason: string,
    giveUp: boolean,
  ): Promise<void> {
    return inTransaction(pool, async (client) => {
      if (link) await deleteLink(client, link)
      if (giveUp && deletedWhenDone(row)) {
        await client.query('DELETE FROM mail_outbox WHERE id = $1', [row.id])
        return
      }
      await client.query(
        `UPDATE mail_outbox SET last_error = $2,
           status = CASE WHEN $3 THEN 'failed' ELSE status END,
           next_attempt_at = now() + make_interval(secs => $4)
         WHERE id = $1`,
        [row.id, reason, giveUp, retryDelaySeconds(row.attempts, retryBaseSeconds)],
      )
    })
  }

  /** Sends one prepared mail and records the outcome; resolves with whether it was accepted. */
  async function deliver(deliverMail: SendMail, row: OutboxRow, prepared: PreparedMail) {
    try {
      await deliverMail({ to: row.recipient, ...prepared.mail })
    } catch (error) {
      // Kept in the row and logged: an SMTP refusal quotes its recipient, masked like any log.
      const reason = describeError(error).slice(0, 500)
      const giveUp = row.attempts >= maxAttempts
      await markFailed(row, prepared.link, reason, giveUp)
      log(
        `Mail #${row.id} to ${maskEmail(row.recipient)} not delivered (attempt ${row.attempts}${giveUp ? ', giving up' : ''}): ${reason}`,
      )
      return false
    }
    // Should this fail, the row keeps its lease and is sent again when it ends (at least once).
    await markSent(row, prepared.link)
    log(`Mail #${row.id} (${row.kind}, ${row.locale}) delivered to ${maskEmail(row.recipient)}`)
    return true
  }

  /** Works through claimed rows until done or stopped; the rows not begun go back to the queue. */
  async function deliverClaimed(deliverMail: SendMail, rows: readonly OutboxRow[]) {
    let begun = 0
    let sent = 0
    try {
      for (const row of rows) {
        if (stopped) break
        const prepared = await prepare(row)
        // From here the mail may reach its reader: its claim is never handed back.
        begun += 1
        if (prepared && (await deliver(deliverMail, row, prepared))) sent += 1
      }
    } finally {
      const rest = rows.slice(begun)
      if (rest.length > 0) {
        await release(rest).catch((error: unknown) =>
          log(
            `Mail outbox: claimed mails not put back (due after the lease): ${describeError(error)}`,
          ),
        )
        if (stopped) log(`Mail outbox stopped: ${rest.length} claimed mails put back in the queue`)
      }
    }
    return sent
  }

  async function round(): Promise<number> {
    await expireOld()
    if (!send) return 0
    let total = 0
    while (!stopped) {
      const rows = await claim()
      total += await deliverClaimed(send, rows)
      if (rows.length < batchSize) break
    }
    return total
  }

  function run(): Promise<number> {
    if (stopped) return Promise.resolve(0)
    if (running) {
      again = true
      return running
    }
    running = round()
      .catch((error: unknown) => {
        log(`Mail outbox round failed: ${describeError(error)}`)
        return 0
      })
      .finally(() => {
        running = undefined
        if (again && !stopped) {
          again = false
          void run()
        }
      })
    return running
  }

  return {
    queued(outboxId) {
      if (stopped) return // the row waits in the outbox for the next start or another instance
      if (send) {
        void run()
        return
      }
      pool
        .query<SqlColumns<typeof mailOutbox, 'kind' | 'locale' | 'recipient'>>(
          'SELECT kind, locale, recipient FROM mail_outbox WHERE id = $1',
          [outboxId],
        )
        .then(({ rows: [row] }) => {
          if (row) {
            log(
              `Mail #${outboxId} (${row.kind}, ${row.locale}) to ${maskEmail(row.recipient)} stays in the outbox: SMTP_URL is not set`,
            )
          }
        })
        .catch(() => {})
    },
    async deliverDue() {
      // Wait out a round already under way: it may have started before the caller's insert.
      while (running) await running
      return run()
    },
    start() {
      stopped = false
      timer ??= setInterval(() => void run(), pollMilliseconds)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      while (running) await running
    },
  }
}
