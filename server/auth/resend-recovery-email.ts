import type { Handler } from 'hono'
import { createResendSchema } from '../../domain/registration/recovery-schemas'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { authMessages } from './auth-messages'
import { linkMailRequestHandler } from './link-mail-request'

/**
 * One statement, the same for every address: put a recovery row in the outbox, with the
 * account when the address has one. A known and an unknown address cost the same work here;
 * the outbox worker sends the mail (creating the token then, storing only its hash) or drops
 * the row without an account (server/mail/outbox-worker.ts).
 */
const enqueueSql = `
WITH account AS (SELECT id, email FROM users WHERE lower(email) = lower($1))
INSERT INTO mail_outbox (kind, recipient, locale, user_id)
SELECT ${kindLiteral(accountMailKinds.recovery)}, coalesce(account.email, $1), $2, account.id
FROM (VALUES (1)) AS one LEFT JOIN account ON true
RETURNING id, user_id`

/**
 * `POST /api/v1/auth/resend-recovery-email`: answers an unknown address exactly like a known
 * one (status, body, timing, and the same limits per address: one a minute, five a day).
 */
export function resendRecoveryEmailHandler(deps: ApiDeps): Handler<ApiEnv> {
  return linkMailRequestHandler(deps, {
    endpoint: 'resendRecoveryEmail',
    schema: createResendSchema,
    perIp: 'resendPerIp',
    perEmail: ['resendPerEmail', 'resendPerEmailDaily'],
    enqueueSql,
    event: 'auth.recovery.requested',
    answer: authMessages.recoverySent,
  })
}
