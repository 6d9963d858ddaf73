import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Handler } from 'hono'
import { createLoginSchema } from '../../domain/accounts/account-schemas'
import { failureBody } from '../../domain/api/api-contract'
import { users } from '../db/schema'
import { factorMessages } from '../factors/factor-messages'
import { hasSecondFactor, secondFactorMethods } from '../factors/factor-store'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure, tooManyRequests } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { isHttps } from '../security/client-ip'
import { limitedCheck } from '../security/limited-check'
import { hashPassword, verifyPassword } from '../security/passwords'
import { emailSubject } from '../security/rate-limit'
import { toAccountUser } from '../sessions/account-user'
import { startBrowserSession } from '../sessions/browser-session'
import { nowOf } from '../sessions/clock'
import { authMessages as m } from './auth-messages'
import { startPendingSignIn } from './pending-sign-in-store'

/**
 * A hash of a password nobody knows, with the same argon2 parameters as real ones: an unknown
 * address is checked against it, so it costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'))
  return dummyHash
}

/**
 * `POST /api/v1/auth/login`. Unknown address and wrong password: the same 401, body and time.
 * Limits count failures only, per client address and per account (keyed by the address's hash,
 * whether or not it has an account), reserved before the password is checked so parallel
 * guesses cannot overrun them (server/security/limited-check.ts); a correct password clears the
 * account's count. A correct password on an unverified account: 403 `email_unverified`, and no
 * session. A correct password on an account with a second factor: no session either, but a
 * half-way sign-in (5 minutes) and 401 `second_factor_required` with the methods the account
 * has, for `POST /api/v1/auth/login/second-factor` or a passkey sign-in.
 */
export function loginHandler(deps: ApiDeps): Handler<ApiEnv> {
  const schemas = schemasPerLocale(createLoginSchema)
  void dummy()
  return async (c) => {
    const t = c.get('t')
    const { loginFailuresPerIp, loginFailuresPerAccount } = deps.rateRules
    const admitted = await admitRequest(c, deps, loginFailuresPerIp, schemas, {
      failuresOnly: true,
    })
    if (!admitted.ok) return admitted.response
    const { email, password, remember } = admitted.input
    const [user] = await deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
    const storedHash = user?.passwordHash ?? (await dummy())
    const checked = await limitedCheck(
      deps.rateLimiter,
      [
        { rule: loginFailuresPerIp, subject: c.get('clientIp'), onPass: 'giveBack' },
        { rule: loginFailuresPerAccount, subject: emailSubject(email), onPass: 'clear' },
      ],
      async () => {
        const matches = await deps.hashSlots.run(() => verifyPassword(storedHash, password))
        return user !== undefined && matches
      },
    )
    if (checked.outcome === 'limited')
      return tooManyRequests(c, checked.retryAfterSeconds, checked.rule)
    if (checked.outcome === 'failed' || !user) {
      securityEvent(c, 'auth.login.failed', {
        accountId: user?.id,
        reason: user ? 'wrong_password' : 'unknown_account',
      })
      return failure(c, 401, 'invalid_credentials', t(m.invalidCredentials))
    }
    if (user.emailVerifiedAt === null) {
      securityEvent(c, 'auth.login.failed', { accountId: user.id, reason: 'email_unverified' })
      return failure(c, 403, 'email_unverified', t(m.emailUnverified))
    }
    if (await hasSecondFactor(deps.pool, user.id)) {
      const secure = isHttps(c, deps.trustProxy)
      await startPendingSignIn(c, deps.pool, secure, user.id, remember, nowOf(deps))
      const methods = await secondFactorMethods(deps.pool, user.id)
      securityEvent(c, 'auth.login.second_factor', { accountId: user.id })
      const body = failureBody('second_factor_required', t(factorMessages.secondFactorRequired))
      return c.json({ ...body, methods }, 401)
    }
    await startBrowserSession(c, deps, user.id, remember, 'password')
    securityEvent(c, 'auth.login', { accountId: user.id, method: 'password' })
    return answer(c, 'login', { success: true, message: t(m.signedIn), user: toAccountUser(user) })
  }
}
