import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import {
  type ChangePasswordInput,
  createChangePasswordSchema,
  createDeleteAccountSchema,
  createLoginSchema,
  createProfileUpdateSchema,
  createResendVerificationSchema,
  type LoginInput,
  type ProfileField,
} from './account-schemas'

/**
 * Validity alone, for the machines' guards: the schemas decide, their messages are the
 * components' business (they translate the same schemas with the visitor's language).
 */
const byId: Translate = (descriptor) => descriptor.id

const loginSchema = createLoginSchema(byId)
const changePasswordSchema = createChangePasswordSchema(byId)
const deleteAccountSchema = createDeleteAccountSchema(byId)

export function isValidLogin(input: LoginInput): boolean {
  return v.safeParse(loginSchema, {
    email: input.email,
    password: input.password,
    remember: input.remember,
  }).success
}

export function isValidPasswordChange(input: ChangePasswordInput): boolean {
  return v.safeParse(changePasswordSchema, {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
  }).success
}

export function isValidDeletion(input: { readonly password: string }): boolean {
  return v.safeParse(deleteAccountSchema, { password: input.password }).success
}

/** The profile values as the form holds them (every field, as text). */
export type ProfileValues = Readonly<Record<ProfileField, string>>

export function isValidProfile(values: ProfileValues, today?: () => Date): boolean {
  return v.safeParse(createProfileUpdateSchema(byId, today), values).success
}

const recoverySchema = createResendVerificationSchema(byId)

/** An address to send a mail to (the recovery and verification requests take the same). */
export function isValidRecoveryRequest(input: { readonly email: string }): boolean {
  return v.safeParse(recoverySchema, { email: input.email }).success
}
