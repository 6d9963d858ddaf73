import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Handler } from 'hono'
import { createPasskeySignInSchema } from '../../domain/accounts/factor-schemas'
import { factorMessages as fm } from '../factors/factor-messages'
import {
  markPasskeyUsed,
  type PasskeyCredential,
  passkeyByCredentialId,
  passkeyCredentials,
} from '../factors/factor-store'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure, tooManyRequests } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { createEmptyBodySchema } from '../http/empty-body'
import { securityEvent } from '../log/security-event'
import { isHttps } from '../security/client-ip'
import { limitedCheck } from '../security/limited-check'
import { authenticationOptions, verifyAssertion } from '../security/webauthn'
import { loadUser, toAccountUser } from '../sessions/account-user'
import { startBrowserSession } from '../sessions/browser-session'
import { nowOf } from '../sessions/clock'
import { authMessages as m } from './auth-messages'
import { finishPendingSignIn, pendingSignInOf } from './pending-sign-in-store'

/**
 * `POST /api/v1/auth/passkey/options`: a sign-in challenge (5 minutes, single use). Without a
 * half-way sign-in any of this site's discoverable passkeys may answer (the "Sign in with a
 * passkey" button, the browser's autofill); during one, the challenge is bound to that account
 * and names its passkeys.
 */
export function passkeySignInOptionsHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createEmptyBodySchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const now = nowOf(deps)
    const pending = await pendingSignInOf(c, deps.pool, isHttps(c, deps.trustProxy), now)
    const options = await authenticationOptions(
      deps.pool,
      deps.relyingParty,
      'signIn',
      now,
      pending?.userId,
      pending ? await passkeyCredentials(deps.pool, pending.userId) : [],
    )
    return answer(c, 'passkeySignInOptions', { success: true, options })
  }
}

/**
 * `POST /api/v1/auth/passkey` `{ response, remember? }`: signs in with a passkey — two factors
 * at once (the device, and its PIN or biometrics: user verification is required). Failed
 * assertions count against the client address's sign-in limit. A half-way sign-in of the same
 * account ends with it.
 */
export function passkeySignInHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createPasskeySignInSchema)
  return async (c) => {
    const t = c.get('t')
    const admitted = await admitRequest(c, deps, deps.rateRules.loginFailuresPerIp, schemas, {
      failuresOnly: true,
    })
    if (!admitted.ok) return admitted.response
    const now = nowOf(deps)
    const secure = isHttps(c, deps.trustProxy)
    let verified: { credential: PasskeyCredential; newCounter: number } | undefined
    const checked = await limitedCheck(
      deps.rateLimiter,
      [{ rule: deps.rateRules.loginFailuresPerIp, subject: c.get('clientIp'), onPass: 'giveBack' }],
      async () => {
        verified = await verifyAssertion(
          deps.pool,
          deps.relyingParty,
          'signIn',
          admitted.input.response as unknown as AuthenticationResponseJSON,
          (credentialId) => passkeyByCredentialId(deps.pool, credentialId),
          now,
        )
        return verified !== undefined
      },
    )
    if (checked.outcome === 'limited')
      return tooManyRequests(c, checked.retryAfterSeconds, checked.rule)
    const user = verified ? await loadUser(deps.db, verified.credential.userId) : undefined
    if (!verified || !user) {
      securityEvent(c, 'auth.login.passkey.failed', { reason: 'passkey_rejected' })
      return failure(c, 400, 'passkey_rejected', t(fm.passkeyRejected))
    }
    await markPasskeyUsed(deps.pool, verified.credential.id, verified.newCounter, now)
    if (user.emailVerifiedAt === null) {
      securityEvent(c, 'auth.login.failed', { accountId: user.id, reason: 'email_unverified' })
      return failure(c, 403, 'email_unverified', t(m.emailUnverified))
    }
    const pending = await pendingSignInOf(c, deps.pool, secure, now)
    if (pending) await finishPendingSignIn(c, deps.pool, secure, pending.id)
    const remember = admitted.input.remember || (pending?.userId === user.id && pending.remember)
    await startBrowserSession(c, deps, user.id, remember, 'passkey')
    securityEvent(c, 'auth.login', { accountId: user.id, method: 'passkey' })
    return answer(c, 'passkeySignIn', {
      success: true,
      message: t(m.signedIn),
      user: toAccountUser(user),
    })
  }
}
