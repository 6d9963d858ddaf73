import type { Handler } from 'hono'
import { createResendSchema } from '../../domain/registration/recovery-schemas'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { accountMailKinds } from '../mail/account-mail-kinds'
import { authMessages } from './auth-messages'
import { linkMailRequestHandler } from './link-mail-request'

/**
 * `POST /api/v1/auth/resend-recovery-email`: answers an unknown address exactly like a known
 * one (status, body, timing, and the same limits per address: one a minute, five a day). The
 * mail is in the page's language, for any account with the address.
 */
export function resendRecoveryEmailHandler(deps: ApiDeps): Handler<ApiEnv> {
  return linkMailRequestHandler(deps, {
    endpoint: 'resendRecoveryEmail',
    schema: createResendSchema,
    perIp: 'resendPerIp',
    perEmail: ['resendPerEmail', 'resendPerEmailDaily'],
    kind: accountMailKinds.recovery,
    account: 'any',
    language: 'page',
    event: 'auth.recovery.requested',
    answer: authMessages.recoverySent,
  })
}
