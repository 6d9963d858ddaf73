import type { Handler } from 'hono'
import { createResendVerificationSchema } from '../../domain/accounts/account-schemas'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { authMessages } from './auth-messages'
import { linkMailRequestHandler } from './link-mail-request'

/**
 * `POST /api/v1/auth/resend-verification` `{ email }`: the same answer, status and limits for any
 * address (once a minute, five a day), so it tells nobody whether an address has an account. The
 * mail is for an account still waiting for its address's confirmation, in the account's language.
 */
export function resendVerificationHandler(deps: ApiDeps): Handler<ApiEnv> {
  return linkMailRequestHandler(deps, {
    endpoint: 'resendVerification',
    schema: createResendVerificationSchema,
    perIp: 'resendVerificationPerIp',
    perEmail: ['resendVerificationPerEmail', 'resendVerificationPerEmailDaily'],
    kind: accountMailKinds.verification,
    account: 'unconfirmed',
    language: 'account',
    event: 'email.verification.requested',
    answer: authMessages.verificationSent,
  })
}
