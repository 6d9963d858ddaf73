import type { Handler } from 'hono'
import { createResendVerificationSchema } from '../../domain/accounts/account-schemas'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { kindLiteral } from '../mail/mail-kind'
import { authMessages } from './auth-messages'
import { linkMailRequestHandler } from './link-mail-request'

/**
 * One statement, the same for every address (as for the recovery mail): an outbox row, with the
 * account only when the address has one still waiting for confirmation. The worker creates the
 * link's token when it sends the mail, or drops a row without an account.
 */
const enqueueSql = `
WITH account AS (
  SELECT id, email, locale FROM users
  WHERE lower(email) = lower($1) AND email_verified_at IS NULL
)
INSERT INTO mail_outbox (kind, recipient, locale, user_id)
SELECT ${kindLiteral(accountMailKinds.verification)}, coalesce(account.email, $1), coalesce(account.locale, $2), account.id
FROM (VALUES (1)) AS one LEFT JOIN account ON true
RETURNING id, user_id`

/**
 * `POST /api/v1/auth/resend-verification` `{ email }`: the same answer, status and limits for any
 * address (once a minute, five a day), so it tells nobody whether an address has an account.
 */
export function resendVerificationHandler(deps: ApiDeps): Handler<ApiEnv> {
  return linkMailRequestHandler(deps, {
    endpoint: 'resendVerification',
    schema: createResendVerificationSchema,
    perIp: 'resendVerificationPerIp',
    perEmail: ['resendVerificationPerEmail', 'resendVerificationPerEmailDaily'],
    enqueueSql,
    event: 'email.verification.requested',
    answer: authMessages.verificationSent,
  })
}
