import type { Pool, PoolClient } from 'pg'
import { isLocale } from '../../src/i18n/locales'
import { recoveryTokenLifetimeMinutes } from '../auth/recovery-tokens'
import { describeError } from '../log/describe-error'
import { composeRecoveryEmail, resetLink } from './recovery-email'

/**
 * Delivers the mail outbox. Rows are claimed with `FOR UPDATE SKIP LOCKED` inside a transaction
 * that stays open while the message is handed to SMTP: another instance running the same loop
 * skips rows this one holds, so a mail is never sent twice by two instances. (If this process
 * dies after the SMTP server accepted a message but before the commit, the row is sent again
 * later: at-least-once, the usual outbox trade-off.)
 */

export type OutgoingMail = {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
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
  link_token: string | null
  attempts: number
}

/** j***@example.com: enough to recognise an address in a log, not to harvest it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address[0]}***${address.slice(at)}`
}

function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600)
}

export function createOutboxWorker({
  pool,
  send,
  publicUrl,
  pollMilliseconds = 2000,
  batchSize = 10,
  maxAttempts = 6,
  log = console.log,
}: OutboxWorkerOptions): OutboxWorker {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = false

  async function expireOld(): Promise<void> {
    // A link older than the token's lifetime cannot work any more: drop the token with the mail.
    await pool.query(
      `UPDATE mail_outbox SET status = 'expired', link_token = NULL
       WHERE status = 'pending' AND created_at < now() - make_interval(mins => $1)`,
      [recoveryTokenLifetimeMinutes],
    )
  }

  async function deliverBatch(client: PoolClient, deliver: SendMail): Promise<number> {
    let sent = 0
    await client.query('BEGIN')
    try {
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, kind, recipient, locale, link_token, attempts FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      )
      for (const row of rows) {
        if (row.kind !== 'password_recovery' || row.link_token === null) {
          await client.query(
            `UPDATE mail_outbox SET status = 'failed', last_error = 'unknown kind or no token' WHERE id = $1`,
            [row.id],
          )
          continue
        }
        const mail = composeRecoveryEmail(
          isLocale(row.locale) ? row.locale : 'en',
          resetLink(publicUrl, row.link_token),
        )
        try {
          await deliver({ to: row.recipient, ...mail })
          await client.query(
            `UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, link_token = NULL, last_error = NULL WHERE id = $1`,
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
          await client.query(
            `UPDATE mail_outbox SET attempts = $2, last_error = $3,
               status = CASE WHEN $4 THEN 'failed' ELSE status END,
               link_token = CASE WHEN $4 THEN NULL ELSE link_token END,
               next_attempt_at = now() + make_interval(secs => $5)
             WHERE id = $1`,
            [row.id, attempts, reason, giveUp, retryDelaySeconds(attempts)],
          )
          log(
            `Mail #${row.id} to ${maskEmail(row.recipient)} not delivered (attempt ${attempts}${giveUp ? ', giving up' : ''}): ${reason}`,
          )
        }
      }
      await client.query('COMMIT')
      return sent
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
        const sent = await deliverBatch(client, send)
        total += sent
        if (sent < batchSize) return total
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
