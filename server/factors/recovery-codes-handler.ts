import type { Handler } from 'hono'
import { inTransaction } from '../db/transaction'
import { answer, failure } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import type { AccountEnv } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { factorHandler } from './factor-handler'
import { factorMailKinds } from './factor-mail-kinds'
import { factorMessages as m } from './factor-messages'
import { notify, queueFactorNotice } from './factor-notice'
import { hasSecondFactor, replaceRecoveryCodes } from './factor-store'

/**
 * `POST /api/v1/me/factors/recovery-codes` (step-up): ten new codes, shown once; the old set
 * stops working in the same transaction. 409 without a passkey or authenticator app.
 */
export function regenerateRecoveryCodesHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createEmptyBodySchema, async (c, { user, t }) => {
    const result = await inTransaction(deps.pool, async (client) => {
      if (!(await hasSecondFactor(client, user.id))) return undefined
      const codes = await replaceRecoveryCodes(client, user.id)
      const outboxId = await queueFactorNotice(
        client,
        factorMailKinds.recoveryCodesRegenerated,
        user.id,
      )
      return { codes, outboxId }
    })
    if (!result) return failure(c, 409, 'no_second_factor', t(m.noSecondFactor))
    notify(deps.mail, result.outboxId)
    securityEvent(c, 'factor.recovery_codes.regenerated', { accountId: user.id })
    return answer(c, 'regenerateRecoveryCodes', {
      success: true,
      message: t(m.recoveryCodesRegenerated),
      recoveryCodes: result.codes,
    })
  })
}
