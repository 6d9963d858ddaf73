import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { emailSchema, passwordSchema } from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { registrationMessages } from './registration-messages'

/** The reset token is 32 random bytes in base64url (43 characters), as the recovery mail carries it. */
export const resetTokenPattern = /^[A-Za-z0-9_-]{43}$/

/** `POST /api/v1/auth/resend-recovery-email`: `{ email }`. */
export function createResendSchema(t: Translate) {
  return v.strictObject({ email: emailSchema(t) }, strictObjectMessage(t))
}

/** `POST /api/v1/auth/reset-password`: the token from the mail's link and the new password. */
export function createResetPasswordSchema(t: Translate) {
  return v.strictObject(
    {
      token: v.pipe(
        v.string(t(registrationMessages.resetTokenMissing)),
        v.regex(resetTokenPattern, t(registrationMessages.resetTokenMissing)),
      ),
      password: passwordSchema(t),
    },
    strictObjectMessage(t),
  )
}

const resetSchemaForValidity = createResetPasswordSchema((descriptor) => descriptor.id)

/** Whether a reset request passes the schema (its messages are the component's business). */
export function isValidReset(input: {
  readonly token: string
  readonly password: string
}): boolean {
  return v.safeParse(resetSchemaForValidity, input).success
}
