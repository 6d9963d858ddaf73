import * as v from 'valibot'
import { postalAddressParts } from '../addresses/postal-address'
import type { Translate } from '../forms/translate'
import {
  createRegistrationEntries,
  type RegistrationField,
  stateRuleChecks,
} from '../registration/registration-schema'
import { emailSchema, passwordSchema } from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { accountMessages as m } from './account-messages'

/**
 * The account endpoints' payloads, one schema each, shared by the forms and the API (messages in
 * the caller's language through `t`). Tokens of verification links are 32 random bytes in
 * base64url, like the recovery links'.
 */
export const verificationTokenPattern = /^[A-Za-z0-9_-]{43}$/

/** A password being checked, not chosen: any non-empty text within the length bound. */
function currentPasswordSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.passwordRequired)),
    v.nonEmpty(t(m.passwordRequired)),
    v.maxLength(128, t(m.passwordRequired)),
  )
}

/** `POST /api/v1/auth/login`. */
export function createLoginSchema(t: Translate) {
  return v.strictObject(
    {
      email: emailSchema(t),
      password: currentPasswordSchema(t),
      remember: v.optional(v.boolean(t(m.rememberInvalid)), false),
    },
    strictObjectMessage(t),
  )
}

/** `POST /api/v1/auth/verify-email`. */
export function createVerifyEmailSchema(t: Translate) {
  return v.strictObject(
    {
      token: v.pipe(
        v.string(t(m.verificationLinkIncomplete)),
        v.regex(verificationTokenPattern, t(m.verificationLinkIncomplete)),
      ),
    },
    strictObjectMessage(t),
  )
}

/** `POST /api/v1/auth/resend-verification`. */
export function createResendVerificationSchema(t: Translate) {
  return v.strictObject({ email: emailSchema(t) }, strictObjectMessage(t))
}

/** The registration fields a client may edit in their profile (not email, not password). */
export const profileFields = [
  'name',
  'lastName',
  'phone',
  ...postalAddressParts,
  'gender',
  'birthDate',
] as const satisfies readonly RegistrationField[]
export type ProfileField = (typeof profileFields)[number]

/**
 * `PATCH /api/v1/me`: any of the profile fields, with the registration's rules and bounds. The
 * state and the country are judged together when both are sent (the server judges a change of
 * one against the other as stored); a country left out is not defaulted to MX here.
 */
export function createProfileUpdateSchema(t: Translate, today?: () => Date) {
  const entries = createRegistrationEntries(t, today)
  const object = v.strictObject(
    Object.fromEntries(
      profileFields.map((field) => [
        field,
        v.optional(field === 'country' ? entries.country.wrapped : entries[field]),
      ]),
    ) as {
      [F in ProfileField]: v.OptionalSchema<
        F extends 'country' ? (typeof entries)['country']['wrapped'] : (typeof entries)[F],
        undefined
      >
    },
    strictObjectMessage(t),
  )
  return v.pipe(object, ...stateRuleChecks<v.InferOutput<typeof object>>(t, 'when both are sent'))
}

/** `POST /api/v1/me/password`: the current password and a new one under the password rules. */
export function createChangePasswordSchema(t: Translate) {
  return v.strictObject(
    { currentPassword: currentPasswordSchema(t), newPassword: passwordSchema(t) },
    strictObjectMessage(t),
  )
}

/** `DELETE /api/v1/me`: the password confirms the deletion. */
export function createDeleteAccountSchema(t: Translate) {
  return v.strictObject({ password: currentPasswordSchema(t) }, strictObjectMessage(t))
}

export type LoginInput = v.InferInput<ReturnType<typeof createLoginSchema>>
export type ProfileUpdate = v.InferOutput<ReturnType<typeof createProfileUpdateSchema>>
export type ChangePasswordInput = v.InferInput<ReturnType<typeof createChangePasswordSchema>>
