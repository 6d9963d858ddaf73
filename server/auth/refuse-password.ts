import type { Context } from 'hono'
import { securityEvent } from '../log/security-event'
import { failure } from './answers'
import type { AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import { checkPassword } from './password-policy'

/**
 * The password policy as an answer: a 400 `invalid_fields` with the message on `password`
 * (the same shape as a schema failure, so the form shows it under the field), or undefined when
 * the password is acceptable. `personal`: the account's email and names; `field`: the form's
 * name for the new password.
 */
export async function refusePassword(
  c: Context<AuthEnv>,
  password: string,
  personal: readonly (string | undefined)[],
  accountId?: string,
  field = 'password',
): Promise<Response | undefined> {
  const refusal = await checkPassword(password, personal)
  if (!refusal) return undefined
  const t = c.get('t')
  securityEvent(c, 'password.refused', { reason: refusal.reason, accountId })
  return failure(c, 400, 'invalid_fields', t(authMessages.invalidFields), {
    [field]: t(refusal.message),
  })
}
