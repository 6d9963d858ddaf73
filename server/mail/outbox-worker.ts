import type { Pool, PoolClient } from 'pg'
import { isLocale, type Locale } from '../../src/domain/locales'
import {
  hashVerificationToken,
  newVerificationToken,
  verificationTokenLifetimeHours,
} from '../accounts/verification-tokens'
import {
  hashRecoveryToken,
  newRecoveryToken,
  recoveryTokenLifetimeMinutes,
} from '../auth/recovery-tokens'
import { composeEnquiryMail } from '../leads/contact-outbox'
import { composeRequestMail } from '../leads/request-mail'
import { describeError } from '../log/describe-error'
import { maskEmail } from '../log/mask-email'
import {
  composeAccountDeletedEmail,
  composeVerificationEmail,
  verificationLink,
} from './account-emails'
import { composePasswordChangedEmail } from './password-changed-email'
import { type ComposedMail, composeRecoveryEmail, resetLink } from './recovery-email'

/**
 * Delivers the mail outbox. Rows are claimed with `FOR UPDATE SKIP LOCKED` inside a transaction
 * that stays open while the message is handed to SMTP: another instance running the same loop
 * skips rows this one holds, so a mail is never sent twice by two instances. (If this process
 * dies after the SMTP server accepted a message but before the commit, the row is sent again
 * later: at-least-once, the usual outbox trade-off.)
 *
 * A recovery or verification row holds no token. The worker creates it just before sending and
 * stores only its hash, in the transaction that marks the row sent: the plain token exists only
 * in the mail, and a mail that was not sent (no SMTP_URL, a failed attempt) leaves no usable
 * token behind. The deletion notice belongs to no account (it is gone) and is deleted once sent.
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
  /** Undefined when SMTP_URL is not set: mail then stays in the outbox. */
  readonly send: SendMail | undefined
  readonly publicUrl: string
  readonly pollMilliseconds?: number
  readonly batchSize?: number
  readonly maxAttempts?: number
  /** Delay before the first retry; each further retry waits twice as long (up to an hour). */
  readonly retryBaseSeconds?: number
  readonly log?: (message: string) => void
}

export type OutboxWorker = {
  /** A mail was just put in the outbox: deliver it now (or log that it waits). */
  queued(outboxId: number): void
  /** One delivery round; resolves with the number of mails sent. */
  deliverDue(): Promise<number>
  start(): void
  stop(): Promise<void>
}

type OutboxRow = {
  id: string
  kind: string
  recipient: string
  locale: string
  user_id: string | null
  enquiry_id: string | null
  request_history_id: string | null
  attempts: number
}

/** The log's one masking function (server/log/mask-email.ts), re-exported for this file's tests. */
export { maskEmail }

export function retryDelaySeconds(attempts: number, baseSeconds = 30): number {
  return Math.min(baseSeconds * 2 ** (attempts - 1), 3600)
}

export function createOutboxWorker({
  pool,
  send,
  publicUrl,
  pollMilliseconds = 2000,
  batchSize = 10,
  maxAttempts = 6,
  retryBaseSeconds = 30,
  log = () => {},
}: OutboxWorkerOptions): OutboxWorker {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = false

  async function expireOld(): Promise<void> {
    // A link mail that waited longer than its token lives is stale: the visitor has moved on.
    await pool.query(
      `UPDATE mail_outbox SET status = 'expired'
       WHERE status = 'pending' AND (
         (kind = 'password_recovery' AND created_at < now() - make_interval(mins => $1))
         OR (kind = 'email_verification' AND created_at < now() - make_interval(hours => $2)))`,
      [recoveryTokenLifetimeMinutes, verificationTokenLifetimeHours],
    )
  }

  /**
   * A verification mail gets a fresh 24-hour token whose hash is stored now (older links of the
   * account stop working), unless the address was confirmed in the meantime.
   */
  async function composeVerification(
    client: PoolClient,
    userId: string,
    locale: Locale,
  ): Promise<ComposedMail | undefined> {
    const token = newVerificationToken()
    await client.query(
      'UPDATE email_verification_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    )
    const stored = await client.query(
      `INSERT INTO email_verification_tokens (user_id, token_hash, expires_at)
       SELECT id, $2, now() + make_interval(hours => $3) FROM users
       WHERE id = $1 AND email_verified_at IS NULL`,
      [userId, hashVerificationToken(token), verificationTokenLifetimeHours],
    )
    if (!stored.rowCount) return undefined
    return composeVerificationEmail(locale, verificationLink(publicUrl, token))
  }

  /**
   * The mail a row stands for, or undefined when there is nothing to send. A recovery mail gets
   * a fresh token whose hash is stored now, and retires the account's older tokens: only the
   * newest link works.
   */
  async function composeRow(client: PoolClient, row: OutboxRow): Promise<ComposedMail | undefined> {
    const locale = isLocale(row.locale) ? row.locale : 'en'
    // The account is gone (that is the point): the row names only the address.
    if (row.kind === 'account_deleted') return composeAccountDeletedEmail(locale)
    if (row.enquiry_id !== null) return composeEnquiryMail(client, row.kind, row.enquiry_id)
    if (row.request_history_id !== null)
      return composeRequestMail(client, row.kind, row.request_history_id)
    if (row.user_id === null) return undefined
    if (row.kind === 'password_changed') return composePasswordChangedEmail(locale, publicUrl)
    if (row.kind === 'email_verification') return composeVerification(client, row.user_id, locale)
    if (row.kind !== 'password_recovery') return undefined
    const token = newRecoveryToken()
    await client.query(
      'UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [row.user_id],
    )
    const stored = await client.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
       SELECT id, $2, now() + make_interval(mins => $3) FROM users WHERE id = $1`,
      [row.user_id, hashRecoveryToken(token), recoveryTokenLifetimeMinutes],
    )
    if (!stored.rowCount) return undefined
    return composeRecoveryEmail(locale, resetLink(publicUrl, token))
  }

  /** Delivers one batch; resolves with how many mails were sent and how many rows were claimed. */
  async function deliverBatch(
    client: PoolClient,
    deliver: SendMail,
  ): Promise<{ sent: number; claimed: number }> {
    let sent = 0
    await client.query('BEGIN')
    try {
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, kind, recipient, locale, user_id, enquiry_id, request_history_id, attempts
         FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      )
      for (const row of rows) {
        // The savepoint undoes this row's token alone when its delivery fails.
        await client.query('SAVEPOINT mail')
        const mail = await composeRow(client, row)
        if (!mail) {
          // A recovery request for an address without an account: nothing to send. The
          // request did the same work as for a known address; the row is kept like a sent one.
          await client.query(
            `UPDATE mail_outbox SET status = 'dropped', last_error = 'no account' WHERE id = $1`,
            [row.id],
          )
          continue
        }
        try {
          await deliver({ to: row.recipient, ...mail })
          // The deletion notice is the last trace of a deleted account: gone once sent.
          await client.query(
            row.kind === 'account_deleted'
              ? 'DELETE FROM mail_outbox WHERE id = $1'
              : `UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`,
            [row.id],
          )
          sent += 1
          log(
            `Mail #${row.id} (${row.kind}, ${row.locale}) delivered to ${maskEmail(row.recipient)}`,
          )
        } catch (error) {
          const attempts = row.attempts + 1
          const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500)
          const giveUp = attempts >= maxAttempts
          await client.query('ROLLBACK TO SAVEPOINT mail')
          if (giveUp && row.kind === 'account_deleted')
            await client.query('DELETE FROM mail_outbox WHERE id = $1', [row.id])
          await client.query(
            `UPDATE mail_outbox SET attempts = $2, last_error = $3,
               status = CASE WHEN $4 THEN 'failed' ELSE status END,
               next_attempt_at = now() + make_interval(secs => $5)
             WHERE id = $1`,
            [row.id, attempts, reason, giveUp, retryDelaySeconds(attempts, retryBaseSeconds)],
          )
          log(
            `Mail #${row.id} to ${maskEmail(row.recipient)} not delivered (attempt ${attempts}${giveUp ? ', giving up' : ''}): ${reason}`,
          )
        }
      }
      await client.query('COMMIT')
      return { sent, claimed: rows.length }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    }
  }

  async function round(): Promise<number> {
    await expireOld()
    if (!send) return 0
    let total = 0
    for (;;) {
      const client = await pool.connect()
      let failed: Error | undefined
      try {
        const { sent, claimed } = await deliverBatch(client, send)
        total += sent
        if (claimed < batchSize) return total
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error))
        throw error
      } finally {
        client.release(failed)
      }
    }
  }

  function run(): Promise<number> {
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
      if (send) {
        void run()
        return
      }
      pool
        .query<{ kind: string; locale: string; recipient: string }>(
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
      await running
    },
  }
}
