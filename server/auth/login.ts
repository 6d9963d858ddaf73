import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Handler } from 'hono'
import { createLoginSchema } from '../../src/domain/accounts/account-schemas'
import { users } from '../db/schema'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import { answer, failure, tooManyRequests } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import { securityEvent } from '../log/security-event'
import { limitedCheck } from '../security/limited-check'
import { hashPassword, verifyPassword } from '../security/passwords'
import { emailSubject } from '../security/rate-limit'
import { toAccountUser } from '../sessions/account-user'
import { startBrowserSession } from '../sessions/browser-session'
import { authMessages as m } from './auth-messages'

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
 * session.
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
    await startBrowserSession(c, deps, user.id, remember)
    securityEvent(c, 'auth.login', { accountId: user.id })
    return answer(c, 'login', { success: true, message: t(m.signedIn), user: toAccountUser(user) })
  }
}
