import type { Pool } from 'pg'
import type { mailOutbox } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { describeError } from '../log/describe-error'
import { maskEmail } from '../log/mask-email'
import { mailsRefused, mailsSent } from '../log/metrics'
import type { MailKindRegistry, PreparedMail } from './mail-kind'
import {
  claimDue,
  expireStaleLinkMails,
  markFailed,
  markSent,
  type OutboxRow,
  prepareMail,
  releaseClaims,
} from './outbox-rows'
import type { ReplyAddresses } from './reply-address'

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
  /**
   * While replies by email are received (INBOUND_SMTP_PORT): the mails about a request carry its
   * reply address as `Reply-To`.
   */
  readonly replies?: ReplyAddresses | undefined
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

/** The log's one masking function (server/log/mask-email.ts), re-exported for this file's tests. */
export { maskEmail }

export function retryDelaySeconds(attempts: number, baseSeconds = 30): number {
  return Math.min(baseSeconds * 2 ** (attempts - 1), 3600)
}

export function createOutboxWorker({
  pool,
  kinds,
  send,
  publicUrl,
  replies,
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

  /** Sends one prepared mail and records the outcome; resolves with whether it was accepted. */
  async function deliver(deliverMail: SendMail, row: OutboxRow, prepared: PreparedMail) {
    try {
      await deliverMail({ to: row.recipient, ...prepared.mail })
    } catch (error) {
      // Kept in the row and logged: an SMTP refusal quotes its recipient, masked like any log.
      const reason = describeError(error).slice(0, 500)
      const giveUp = row.attempts >= maxAttempts
      await markFailed(pool, kinds, row, prepared.link, {
        reason,
        giveUp,
        retryInSeconds: retryDelaySeconds(row.attempts, retryBaseSeconds),
      })
      mailsRefused.inc({ outcome: giveUp ? 'given_up' : 'retried' })
      log(
        `Mail #${row.id} to ${maskEmail(row.recipient)} not delivered (attempt ${row.attempts}${giveUp ? ', giving up' : ''}): ${reason}`,
      )
      return false
    }
    // Should this fail, the row keeps its lease and is sent again when it ends (at least once).
    mailsSent.inc()
    await markSent(pool, kinds, row, prepared.link)
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
        const prepared = await prepareMail(pool, { kinds, publicUrl, replies }, row)
        // From here the mail may reach its reader: its claim is never handed back.
        begun += 1
        if (prepared && (await deliver(deliverMail, row, prepared))) sent += 1
      }
    } finally {
      const rest = rows.slice(begun)
      if (rest.length > 0) {
        await releaseClaims(pool, rest).catch((error: unknown) =>
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
    await expireStaleLinkMails(pool, kinds)
    if (!send) return 0
    let total = 0
    while (!stopped) {
      const rows = await claimDue(pool, batchSize, leaseSeconds)
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
