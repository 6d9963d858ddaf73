import type { Handler } from 'hono'
import type { StoredAccountData } from '../../domain/api/api-contract'
import type { emailVerificationTokens, mailOutbox, sessions as sessionsTable } from '../db/schema'
import type { SqlColumns } from '../db/sql-row'
import { factorState } from '../factors/factor-store'
import { answer } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { exportClientMessages } from '../messages/thread-store'
import { exportedPayments } from '../payments/payment-export-store'
import { exportedProposals } from '../proposals/proposal-export-store'
import { listOwnRequests, toRequestSummary } from '../service-requests/request-store'
import { toAccountUser } from '../sessions/account-user'
import { nowOf } from '../sessions/clock'
import { listSessions } from '../sessions/session-store'
import { toSessionSummary } from './sessions'

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null)

/** Every row the user owns besides the `users` row, secrets left out. */
async function storedRows(deps: ApiDeps, userId: string) {
  const [sessions, mails, links, requests, messages] = await Promise.all([
    deps.pool.query<
      SqlColumns<
        typeof sessionsTable,
        'id' | 'user_agent' | 'remember' | 'created_at' | 'last_seen_at' | 'expires_at'
      >
    >(
      `SELECT id, user_agent, remember, created_at, last_seen_at, expires_at
       FROM sessions WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    deps.pool.query<SqlColumns<typeof mailOutbox, 'kind' | 'status' | 'created_at' | 'sent_at'>>(
      `SELECT kind, status, created_at, sent_at FROM mail_outbox WHERE user_id = $1
       ORDER BY created_at, id`,
      [userId],
    ),
    deps.pool.query<
      { purpose: 'email_verification' | 'password_reset' } & SqlColumns<
        typeof emailVerificationTokens,
        'created_at' | 'expires_at' | 'used_at'
      >
    >(
      `SELECT 'email_verification' AS purpose, created_at, expires_at, used_at
         FROM email_verification_tokens WHERE user_id = $1
       UNION ALL
       SELECT 'password_reset', created_at, expires_at, used_at
         FROM password_reset_tokens WHERE user_id = $1
       ORDER BY created_at`,
      [userId],
    ),
    listOwnRequests(deps.pool, userId),
    exportClientMessages(deps.pool, userId),
  ])
  return { sessions: sessions.rows, mails: mails.rows, links: links.rows, requests, messages }
}

/**
 * `GET /api/v1/me/export`: everything stored about the user, as a JSON file download (the
 * right of access of Mexico's data-protection law and the GDPR). The password hash and the
 * hashes of session ids and link tokens are left out: they describe secrets, not the person;
 * so are passkeys' keys, the authenticator app's secret and the recovery codes.
 */
export function exportAccountHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const { user, session } = signedInOf(c)
    const now = nowOf(deps)
    const [live, rows, factors, proposals, payments] = await Promise.all([
      listSessions(deps.pool, user.id, now),
      storedRows(deps, user.id),
      factorState(deps.pool, user.id),
      exportedProposals(deps.pool, user.id, now),
      exportedPayments(deps.pool, user.id),
    ])
    const t = c.get('t')
    const stored: StoredAccountData = {
      emailVerifiedAt: iso(user.emailVerifiedAt),
      passwordChangedAt: iso(user.passwordChangedAt),
      sessions: rows.sessions.map((row) => ({
        id: row.id,
        userAgent: row.user_agent,
        remember: row.remember,
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      })),
      mails: rows.mails.map((row) => ({
        kind: row.kind,
        status: row.status,
        createdAt: row.created_at.toISOString(),
        sentAt: iso(row.sent_at),
      })),
      links: rows.links.map((row) => ({
        purpose: row.purpose,
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        usedAt: iso(row.used_at),
      })),
      serviceRequests: rows.requests.map(toRequestSummary),
      ...proposals,
      ...payments,
      factors,
      messages: rows.messages,
    }
    const day = now.toISOString().slice(0, 10)
    c.header('Content-Disposition', `attachment; filename="puente-digital-account-${day}.json"`)
    securityEvent(c, 'account.exported', { accountId: user.id })
    return answer(c, 'exportAccount', {
      exportedAt: now.toISOString(),
      user: toAccountUser(user),
      sessions: live.map((s) => toSessionSummary(s, session.id, t)),
      stored,
    })
  }
}
