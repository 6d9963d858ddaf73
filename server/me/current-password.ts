import type { Context } from 'hono'
import { failure, tooManyRequests } from '../http/answers'
import type { ApiDeps } from '../http/api-env'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { limitedCheck } from '../security/limited-check'
import { verifyPassword } from '../security/passwords'
import { emailSubject } from '../security/rate-limit'
import { meMessages as m } from './me-messages'

/**
 * The signed-in user's password, checked before a password change or a deletion: undefined when
 * it is right, else the answer (400 `wrong_password` on the form's field, or 429). Wrong guesses
 * count against the account's sign-in limit, reserved before the check like the sign-in's: a
 * stolen session must not become a way to guess the password without limit, not even by sending
 * the guesses at once.
 */
export async function refuseWrongPassword(
  c: Context<AccountEnv>,
  deps: ApiDeps,
  password: string,
  field: 'currentPassword' | 'password',
): Promise<Response | undefined> {
  const { user } = signedInOf(c)
  const checked = await limitedCheck(
    deps.rateLimiter,
    [
      {
        rule: deps.rateRules.loginFailuresPerAccount,
        subject: emailSubject(user.email),
        onPass: 'giveBack',
      },
    ],
    () => deps.hashSlots.run(() => verifyPassword(user.passwordHash, password)),
  )
  if (checked.outcome === 'limited')
    return tooManyRequests(c, checked.retryAfterSeconds, checked.rule)
  if (checked.outcome === 'passed') return undefined
  securityEvent(c, 'password.change.failed', { accountId: user.id, reason: 'wrong_password' })
  const message = c.get('t')(m.wrongPassword)
  return failure(c, 400, 'wrong_password', message, { [field]: message })
}
