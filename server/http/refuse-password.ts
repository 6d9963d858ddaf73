import type { Context } from 'hono'
import { securityEvent } from '../log/security-event'
import { checkPassword } from '../security/password-policy'
import { failure } from './answers'
import type { ApiEnv } from './api-env'
import { apiMessages } from './api-messages'

/**
 * The password policy as an answer: a 400 `invalid_fields` with the message on `password`
 * (the same shape as a schema failure, so the form shows it under the field), or undefined when
 * the password is acceptable. `personal`: the account's email and names; `field`: the form's
 * name for the new password.
 */
export async function refusePassword(
  c: Context<ApiEnv>,
  password: string,
  personal: readonly (string | undefined)[],
  accountId?: string,
  field = 'password',
): Promise<Response | undefined> {
  const refusal = await checkPassword(password, personal)
  if (!refusal) return undefined
  const t = c.get('t')
  securityEvent(c, 'password.refused', { reason: refusal.reason, accountId })
  return failure(c, 400, 'invalid_fields', t(apiMessages.invalidFields), {
    [field]: t(refusal.message),
  })
}
