import type { Context } from 'hono'
import { accountAnswerMessages as m } from '../auth/account-messages'
import { failure, tooManyRequests } from '../auth/answers'
import type { AuthDeps } from '../auth/auth-env'
import { verifyPassword } from '../auth/passwords'
import { securityEvent } from '../log/security-event'
import { emailSubject } from '../security/rate-limit'
import { type AccountEnv, signedInOf } from '../sessions/require-session'

/**
 * The signed-in user's password, checked before a password change or a deletion: undefined when
 * it is right, else the answer (400 `wrong_password` on the form's field, or 429). Wrong guesses
 * count against the account's sign-in limit: a stolen session must not become a way to guess the
 * password without limit.
 */
export async function refuseWrongPassword(
  c: Context<AccountEnv>,
  deps: AuthDeps,
  password: string,
  field: 'currentPassword' | 'password',
): Promise<Response | undefined> {
  const { user } = signedInOf(c)
  const rule = deps.rateRules.loginFailuresPerAccount
  const account = emailSubject(user.email)
  const limit = await deps.rateLimiter.peek(rule, account)
  if (!limit.allowed) return tooManyRequests(c, limit.retryAfterSeconds, rule)
  const matches = await deps.hashSlots.run(() => verifyPassword(user.passwordHash, password))
  if (matches) return undefined
  await deps.rateLimiter.hit(rule, account)
  securityEvent(c, 'password.change.failed', { accountId: user.id, reason: 'wrong_password' })
  const message = c.get('t')(m.wrongPassword)
  return failure(c, 400, 'wrong_password', message, { [field]: message })
}
