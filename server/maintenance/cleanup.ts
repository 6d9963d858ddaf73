import type { Pool } from 'pg'
import { describeError } from '../log/describe-error'
import type { Logger } from '../log/logger'
import { instalmentsFallDue } from '../payments/instalment-store'
import { expireProposals } from '../proposals/proposal-moves'
import { idleSeconds } from '../sessions/session-store'
import type { FileBytes } from '../storage/file-bytes'
import { sweepGoneFiles } from '../storage/gone-files'

/**
 * The scheduled clean-up: what the app no longer needs is deleted, so old addresses and spent
 * secrets do not pile up. Each statement walks an index (see server/db/schema.ts) and deletes
 * in batches, so no run holds many row locks or scans a whole table. Several instances may run
 * it at once: a row is simply deleted by whichever gets there first.
 */

export type CleanupCounts = {
  readonly expiredTokens: number
  readonly expiredVerificationTokens: number
  readonly endedSessions: number
  readonly finishedMail: number
  readonly rateLimits: number
  readonly unverifiedAccounts: number
  readonly signInLeftovers: number
  readonly unsentUploads: number
  readonly staleWatchers: number
  readonly lapsedAcceptances: number
  readonly lapsedPayments: number
  /** Sent proposals past their valid-until day, expired (not deleted: see expireProposals). */
  readonly expiredProposals: number
  /** Instalments whose day has come, now due (not deleted: see instalmentsFallDue). */
  readonly instalmentsDue: number
}

/** How long an upload may wait for the message that sends it. */
export const unsentUploadHours = 24

/** How long finished outbox rows (they hold the recipient's address) are kept. */
export const finishedMailRetentionDays = 30

/**
 * How long a registration may wait for its address to be confirmed. Anyone can register any
 * address: an unconfirmed account holds a stranger's details under someone's address, so it
 * does not live forever (docs/decisions/033-unverified-accounts.md).
 */
export const unverifiedAccountDays = 7

const batch = 5000
/** An upload takes up to 40 chunk rows with it. */
const uploadBatch = 100
const statements: Record<
  Exclude<keyof CleanupCounts, 'expiredProposals' | 'instalmentsDue'>,
  string
> = {
  // A token is useless once expired (used ones expire an hour after creation too); a day's grace
  // keeps recent ones for an operator looking into a complaint.
  expiredTokens: `DELETE FROM password_reset_tokens WHERE id IN (
    SELECT id FROM password_reset_tokens WHERE expires_at < now() - interval '1 day' LIMIT ${batch})`,
  expiredVerificationTokens: `DELETE FROM email_verification_tokens WHERE id IN (
    SELECT id FROM email_verification_tokens WHERE expires_at < now() - interval '1 day' LIMIT ${batch})`,
  // Past the absolute expiry, or idle past the limit of a session without "remember me".
  endedSessions: `DELETE FROM sessions WHERE id IN (
    SELECT id FROM sessions WHERE expires_at < now()
      OR (NOT remember AND last_seen_at < now() - make_interval(secs => ${idleSeconds.short}))
    LIMIT ${batch})`,
  finishedMail: `DELETE FROM mail_outbox WHERE id IN (
    SELECT id FROM mail_outbox WHERE status <> 'pending'
      AND created_at < now() - make_interval(days => ${finishedMailRetentionDays}) LIMIT ${batch})`,
  // The longest rate-limit window is one day: a row whose window started before that is over.
  rateLimits: `DELETE FROM rate_limits WHERE key IN (
    SELECT key FROM rate_limits WHERE window_started_at < now() - interval '1 day' LIMIT ${batch})`,
  // Its tokens, sessions (none: it never signed in) and mails go with it (ON DELETE CASCADE).
  unverifiedAccounts: `DELETE FROM users WHERE id IN (
    SELECT id FROM users WHERE email_verified_at IS NULL
      AND created_at < now() - make_interval(days => ${unverifiedAccountDays}) LIMIT ${batch})
    AND email_verified_at IS NULL`,
  // Half-way sign-ins (5 minutes), passkey challenges (5 minutes) and authenticator enrolments
  // never confirmed (10 minutes): spent an hour after they lapsed.
  signInLeftovers: `WITH pending AS (
    DELETE FROM pending_sign_ins WHERE id IN (
      SELECT id FROM pending_sign_ins WHERE expires_at < now() - interval '1 hour' LIMIT ${batch})
    RETURNING 1
  ), challenges AS (
    DELETE FROM webauthn_challenges WHERE challenge IN (
      SELECT challenge FROM webauthn_challenges WHERE expires_at < now() - interval '1 hour' LIMIT ${batch})
    RETURNING 1
  ), enrolments AS (
    DELETE FROM totp_factors WHERE user_id IN (
      SELECT user_id FROM totp_factors WHERE confirmed_at IS NULL
        AND created_at < now() - interval '1 hour' LIMIT ${batch})
      AND confirmed_at IS NULL
    RETURNING 1
  )
  SELECT 1 FROM pending UNION ALL SELECT 1 FROM challenges UNION ALL SELECT 1 FROM enrolments`,
  // An upload no message sent within a day (a closed tab, a cancelled message), and its chunks
  // (ON DELETE CASCADE): up to 40 chunk rows each, so a smaller batch.
  unsentUploads: `DELETE FROM thread_files WHERE id IN (
    SELECT id FROM thread_files WHERE message_id IS NULL
      AND created_at < now() - make_interval(hours => ${unsentUploadHours}) LIMIT ${uploadBatch})`,
  // The streams of an instance that died without closing them: their heartbeat stopped.
  staleWatchers: `DELETE FROM thread_watchers WHERE id IN (
    SELECT id FROM thread_watchers WHERE seen_at < now() - interval '1 hour' LIMIT ${batch})`,
  // An acceptance record is kept five years for the agency's tax records, then deleted
  // (docs/decisions/042-proposals.md).
  lapsedAcceptances: `DELETE FROM proposal_acceptances WHERE id IN (
    SELECT id FROM proposal_acceptances WHERE retain_until < now() LIMIT ${batch})`,
  // A payment's record likewise, five years from the day it was received
  // (docs/decisions/064-payments.md).
  lapsedPayments: `DELETE FROM payment_records WHERE id IN (
    SELECT id FROM payment_records WHERE retain_until < now() LIMIT ${batch})`,
}

/** One clean-up pass: every statement until it deletes less than a batch. */
export async function runCleanup(pool: Pool): Promise<CleanupCounts> {
  const counts = {
    expiredTokens: 0,
    expiredVerificationTokens: 0,
    endedSessions: 0,
    finishedMail: 0,
    rateLimits: 0,
    unverifiedAccounts: 0,
    signInLeftovers: 0,
    unsentUploads: 0,
    staleWatchers: 0,
    lapsedAcceptances: 0,
    lapsedPayments: 0,
    expiredProposals: 0,
    instalmentsDue: 0,
  }
  for (const key of Object.keys(statements) as (keyof typeof statements)[]) {
    for (;;) {
      const deleted = (await pool.query(statements[key])).rowCount ?? 0
      counts[key] += deleted
      if (deleted < (key === 'unsentUploads' ? uploadBatch : batch)) break
    }
  }
  // Readers already see such a version as expired; this stores it and returns its request to
  // "In review" even when nobody opens it.
  counts.expiredProposals = await expireProposals(pool, new Date())
  // Likewise an instalment whose day has come: due (and given the client's credit) unasked.
  counts.instalmentsDue = await instalmentsFallDue(pool, new Date())
  return counts
}

export type Cleanup = {
  start(): void
  stop(): void
  runNow(): Promise<(CleanupCounts & { readonly goneFiles?: number }) | undefined>
}

export function createCleanup({
  pool,
  logger,
  files,
  everyMs = 60 * 60 * 1000,
  firstAfterMs = 60 * 1000,
}: {
  pool: Pool
  logger: Logger
  /** The files' bytes: the bucket objects of files whose rows went are removed after each pass. */
  files?: FileBytes
  everyMs?: number
  firstAfterMs?: number
}): Cleanup {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<(CleanupCounts & { readonly goneFiles?: number }) | undefined> | undefined
  const runNow = () => {
    running ??= runCleanup(pool)
      .then(async (counts) => ({
        ...counts,
        ...(files ? { goneFiles: await sweepGoneFiles(pool, files) } : {}),
      }))
      .then((counts) => {
        logger.info({ event: 'maintenance.cleanup', ...counts })
        return counts
      })
      .catch((error: unknown) => {
        // The database may be away; the next pass tries again.
        logger.warn({ event: 'maintenance.cleanup_failed', error: describeError(error) })
        return undefined
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
  return {
    runNow,
    start() {
      if (timer) return
      // Spread over the first interval, so instances started together do not run together.
      const schedule = (delay: number) => {
        timer = setTimeout(() => {
          void runNow().finally(() => {
            if (timer) schedule(everyMs)
          })
        }, delay)
        timer.unref()
      }
      schedule(firstAfterMs + Math.floor(Math.random() * firstAfterMs))
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
