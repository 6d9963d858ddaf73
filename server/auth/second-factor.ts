import type { Handler } from 'hono'
import { createCodeSchema } from '../../domain/accounts/factor-schemas'
import { factorMessages as fm } from '../factors/factor-messages'
import { type CodeKind, takeCode } from '../factors/factor-store'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure, tooManyRequests } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { isHttps } from '../security/client-ip'
import { limitedCheck } from '../security/limited-check'
import { loadUser, toAccountUser } from '../sessions/account-user'
import { startBrowserSession } from '../sessions/browser-session'
import { nowOf } from '../sessions/clock'
import { authMessages as m } from './auth-messages'
import { finishPendingSignIn, pendingSignInOf } from './pending-sign-in-store'

/**
 * `POST /api/v1/auth/login/second-factor` `{ code }`: the second step of a half-way sign-in, with
 * an authenticator code (each works once) or a recovery code (single use). Wrong codes are
 * limited per half-way state, per account and per client address, every limit reserved before
 * the check (server/security/limited-check.ts): however many guesses arrive at once, no more
 * than the smallest limit reach it. A right code ends the half-way state and starts the session.
 */
export function loginSecondFactorHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createCodeSchema)
  return async (c) => {
    const t = c.get('t')
    const { loginFailuresPerIp, codeFailuresPerSignIn, codeFailuresPerAccount } = deps.rateRules
    const admitted = await admitRequest(c, deps, loginFailuresPerIp, schemas, {
      failuresOnly: true,
    })
    if (!admitted.ok) return admitted.response
    const secure = isHttps(c, deps.trustProxy)
    const now = nowOf(deps)
    const pending = await pendingSignInOf(c, deps.pool, secure, now)
    const user = pending ? await loadUser(deps.db, pending.userId) : undefined
    if (!pending || !user) return failure(c, 401, 'sign_in_expired', t(fm.signInExpired))
    let kind: CodeKind | undefined
    const checked = await limitedCheck(
      deps.rateLimiter,
      [
        { rule: codeFailuresPerSignIn, subject: pending.id, onPass: 'giveBack' },
        { rule: codeFailuresPerAccount, subject: user.id, onPass: 'giveBack' },
        { rule: loginFailuresPerIp, subject: c.get('clientIp'), onPass: 'giveBack' },
      ],
      async () => {
        kind = await takeCode(deps.pool, deps.factorKey, user.id, admitted.input.code, now)
        return kind !== undefined
      },
    )
    if (checked.outcome === 'limited')
      return tooManyRequests(c, checked.retryAfterSeconds, checked.rule)
    if (checked.outcome === 'failed' || !kind) {
      securityEvent(c, 'auth.login.code.failed', { accountId: user.id, reason: 'invalid_code' })
      const message = t(fm.invalidCode)
      return failure(c, 400, 'invalid_code', message, { code: message })
    }
    // Two good codes at once: only the request that ends the half-way state signs in.
    if (!(await finishPendingSignIn(c, deps.pool, secure, pending.id)))
      return failure(c, 401, 'sign_in_expired', t(fm.signInExpired))
    const method = kind === 'totp' ? 'passwordAndCode' : 'recoveryCode'
    await startBrowserSession(c, deps, user.id, pending.remember, method)
    securityEvent(c, 'auth.login', { accountId: user.id, method })
    return answer(c, 'loginSecondFactor', {
      success: true,
      message: t(m.signedIn),
      user: toAccountUser(user),
    })
  }
}
