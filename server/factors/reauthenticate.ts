import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Handler } from 'hono'
import {
  createPasskeyProofSchema,
  createReauthenticateSchema,
} from '../../domain/accounts/factor-schemas'
import { answer, failure, success, tooManyRequests } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import type { AccountEnv } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { limitedCheck } from '../security/limited-check'
import { verifyPassword } from '../security/passwords'
import { emailSubject } from '../security/rate-limit'
import { authenticationOptions, verifyAssertion } from '../security/webauthn'
import { nowOf } from '../sessions/clock'
import { recordProof, upgradeSignInMethod } from '../sessions/session-store'
import { factorHandler } from './factor-handler'
import { factorMessages as m } from './factor-messages'
import {
  markPasskeyUsed,
  passkeyByCredentialId,
  passkeyCredentials,
  takeCode,
} from './factor-store'

/**
 * `POST /api/v1/me/reauthenticate` `{ password }` or `{ code }`: a fresh proof for this session
 * (not a new session). Wrong passwords count against the account's sign-in limit and wrong
 * codes against its code limit, both reserved before the check. A code also proves the second
 * factor: a session that signed in with the password alone counts as signed in with both, and
 * may manage the account's factors for the next 10 minutes (the password alone may not, once
 * the account has one).
 */
export function reauthenticateHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createReauthenticateSchema, async (c, { user, session, input, t }) => {
    const now = nowOf(deps)
    const byPassword = 'password' in input
    const checked = byPassword
      ? await limitedCheck(
          deps.rateLimiter,
          [
            {
              rule: deps.rateRules.loginFailuresPerAccount,
              subject: emailSubject(user.email),
              onPass: 'giveBack',
            },
          ],
          () => deps.hashSlots.run(() => verifyPassword(user.passwordHash, input.password)),
        )
      : await limitedCheck(
          deps.rateLimiter,
          [{ rule: deps.rateRules.codeFailuresPerAccount, subject: user.id, onPass: 'giveBack' }],
          async () =>
            (await takeCode(deps.pool, deps.factorKey, user.id, input.code, now)) !== undefined,
        )
    if (checked.outcome === 'limited')
      return tooManyRequests(c, checked.retryAfterSeconds, checked.rule)
    if (checked.outcome === 'failed') {
      securityEvent(c, 'step_up.failed', {
        accountId: user.id,
        reason: byPassword ? 'wrong_password' : 'invalid_code',
      })
      if (byPassword) {
        const message = t(m.wrongPassword)
        return failure(c, 400, 'wrong_password', message, { password: message })
      }
      const message = t(m.invalidCode)
      return failure(c, 400, 'invalid_code', message, { code: message })
    }
    await recordProof(deps.pool, session.id, now, { factor: !byPassword })
    if (!byPassword) await upgradeSignInMethod(deps.pool, session.id, 'passwordAndCode')
    securityEvent(c, 'step_up.proven', {
      accountId: user.id,
      method: byPassword ? 'password' : 'code',
    })
    return success(c, 'reauthenticate', t(m.proven))
  })
}

/** `POST /api/v1/me/reauthenticate/passkey/options`: a challenge for one of the user's passkeys. */
export function reauthenticatePasskeyOptionsHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createEmptyBodySchema, async (c, { user, t }) => {
    const credentials = await passkeyCredentials(deps.pool, user.id)
    if (credentials.length === 0) return failure(c, 409, 'no_second_factor', t(m.noSecondFactor))
    const options = await authenticationOptions(
      deps.pool,
      deps.relyingParty,
      'proof',
      nowOf(deps),
      user.id,
      credentials,
    )
    return answer(c, 'reauthenticatePasskeyOptions', { success: true, options })
  })
}

/** `POST /api/v1/me/reauthenticate/passkey` `{ response }`: a proof with one of the user's passkeys. */
export function reauthenticatePasskeyHandler(deps: ApiDeps): Handler<AccountEnv> {
  return factorHandler(deps, createPasskeyProofSchema, async (c, { user, session, input, t }) => {
    const now = nowOf(deps)
    const verified = await verifyAssertion(
      deps.pool,
      deps.relyingParty,
      'proof',
      input.response as unknown as AuthenticationResponseJSON,
      async (credentialId) => {
        const found = await passkeyByCredentialId(deps.pool, credentialId)
        return found?.userId === user.id ? found : undefined
      },
      now,
    )
    if (!verified) {
      securityEvent(c, 'step_up.failed', { accountId: user.id, reason: 'passkey_rejected' })
      return failure(c, 400, 'passkey_rejected', t(m.passkeyRejected))
    }
    await markPasskeyUsed(deps.pool, verified.credential.id, verified.newCounter, now)
    await recordProof(deps.pool, session.id, now, { factor: true })
    await upgradeSignInMethod(deps.pool, session.id, 'passkey')
    securityEvent(c, 'step_up.proven', { accountId: user.id, method: 'passkey' })
    return success(c, 'reauthenticatePasskey', t(m.proven))
  })
}
