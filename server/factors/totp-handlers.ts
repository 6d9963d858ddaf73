import type { Handler } from 'hono'
import { createCodeSchema } from '../../domain/accounts/factor-schemas'
import { inTransaction } from '../db/transaction'
import { answer, failure, success, tooManyRequests } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { limitedCheck } from '../security/limited-check'
import { newTotpSecret, totpUri } from '../security/totp'
import { nowOf } from '../sessions/clock'
import { endOtherPasswordSessions } from '../sessions/session-store'
import { factorHandler, removeSecondFactor } from './factor-handler'
import { factorMailKinds } from './factor-mail-kinds'
import { factorMessages as m } from './factor-messages'
import { notify, queueFactorNotice } from './factor-notice'
import {
  deleteTotp,
  hasPendingTotp,
  hasRecoveryCodes,
  replaceRecoveryCodes,
  startTotpEnrolment,
  takeTotpCode,
} from './factor-store'
import { admitFactorAddition, refuseWithoutFactorProof } from './require-factor-proof'

/**
 * `POST /api/v1/me/factors/totp` (step-up): a new secret, pending until a code confirms it. The
 * secret is shown once here (as text and in the QR code's URI) and stored sealed.
 */
export function enrolTotpHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createEmptyBodySchema, async (c, { user, t }) => {
    const secret = newTotpSecret()
    if (!(await startTotpEnrolment(deps.pool, deps.factorKey, user.id, secret, nowOf(deps))))
      return failure(c, 409, 'totp_already_enabled', t(m.totpAlreadyEnabled))
    securityEvent(c, 'factor.totp.enrolment_started', { accountId: user.id })
    return answer(c, 'enrolTotp', {
      success: true,
      message: t(m.totpEnrolmentStarted),
      secret,
      otpauthUri: totpUri(secret, user.email),
    })
  })
}

/**
 * `POST /api/v1/me/factors/totp/confirm` `{ code }` (step-up): a current code of the pending
 * secret turns the app on. Wrong codes count against the account's code limit, reserved before
 * the check. The first second factor of the account brings ten recovery codes, shown once, and
 * ends its other password-only sessions. The code proves the new app, not one the account had:
 * this session does not count as signed in with a factor for it.
 */
export function confirmTotpHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createCodeSchema, async (c, { user, session, input, t }) => {
    const now = nowOf(deps)
    if (!(await hasPendingTotp(deps.pool, user.id, now)))
      return failure(c, 409, 'enrolment_expired', t(m.enrolmentExpired))
    let recoveryCodes: string[] = []
    let outboxId: number | undefined
    let refused = false
    let ended = 0
    const checked = await limitedCheck(
      deps.rateLimiter,
      [{ rule: deps.rateRules.codeFailuresPerAccount, subject: user.id, onPass: 'giveBack' }],
      () =>
        inTransaction(deps.pool, async (client, rollback) => {
          const admitted = await admitFactorAddition(client, session, now)
          if (admitted === 'refused') {
            // Not a wrong code: given back to the limit, and answered below.
            refused = true
            rollback()
            return true
          }
          const needsCodes = !(await hasRecoveryCodes(client, user.id))
          const taken = await takeTotpCode(
            client,
            deps.factorKey,
            user.id,
            input.code,
            now,
            'pending',
          )
          if (!taken) {
            rollback()
            return false
          }
          if (needsCodes) recoveryCodes = await replaceRecoveryCodes(client, user.id)
          outboxId = await queueFactorNotice(client, factorMailKinds.totpEnabled, user.id)
          if (admitted === 'first')
            ended = await endOtherPasswordSessions(client, user.id, session.id)
          return true
        }),
    )
    if (checked.outcome === 'limited')
      return tooManyRequests(c, checked.retryAfterSeconds, checked.rule)
    if (checked.outcome === 'failed') {
      securityEvent(c, 'factor.totp.failed', { accountId: user.id, reason: 'invalid_code' })
      return failure(c, 400, 'invalid_code', t(m.invalidCode), { code: t(m.invalidCode) })
    }
    if (refused) return refuseWithoutFactorProof(c)
    notify(deps.mail, outboxId)
    securityEvent(c, 'factor.totp.enabled', { accountId: user.id, count: ended })
    return answer(c, 'confirmTotp', { success: true, message: t(m.totpEnabled), recoveryCodes })
  })
}

/** `DELETE /api/v1/me/factors/totp` (step-up): the app is off; 404 when it was not on. */
export function disableTotpHandler(deps: ApiDeps): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const { user } = signedInOf(c)
    const outboxId = await removeSecondFactor(
      deps,
      user.id,
      (client) => deleteTotp(client, user.id),
      factorMailKinds.totpDisabled,
    )
    if (outboxId === null) return failure(c, 404, 'not_found', t(m.totpNotEnabled))
    notify(deps.mail, outboxId)
    securityEvent(c, 'factor.totp.disabled', { accountId: user.id })
    return success(c, 'disableTotp', t(m.totpDisabled))
  }
}
