import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { fieldMessages } from '../validation/field-messages'
import { isStorableText } from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { factorMessages as m } from './factor-messages'

/**
 * The second factors' payloads, one schema each, shared by the forms and the API. A code is
 * either a 6-digit authenticator code or a recovery code (16 letters and digits, shown in groups
 * of four); spaces and dashes are ignored, so both are accepted as typed or pasted.
 */
export { recoveryCodeCount } from './recovery-code-count'
export const passkeyNameLength = { max: 60 } as const

/** A code as typed: digits, letters, spaces and dashes, within a bound; the server decides which. */
export function codeSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.codeRequired)),
    v.trim(),
    v.nonEmpty(t(m.codeRequired)),
    v.maxLength(40, t(m.codeRequired)),
    v.regex(/^[A-Za-z0-9 -]+$/, t(m.codeRequired)),
  )
}

/**
 * The name the user gives a passkey ("Laptop", "Phone"): stored and shown like every other name,
 * so under the same rules — trimmed, at most 60 code points, and no control characters,
 * bidirectional overrides or lone surrogates (`isStorableText`).
 */
export function passkeyNameSchema(t: Translate) {
  return v.pipe(
    v.string(t(m.passkeyNameRequired)),
    v.trim(),
    v.nonEmpty(t(m.passkeyNameRequired)),
    v.check((value) => [...value].length <= passkeyNameLength.max, t(m.passkeyNameRequired)),
    v.check(isStorableText, t(fieldMessages.invisibleCharacters)),
  )
}

const base64url = (t: Translate) =>
  v.pipe(
    v.string(t(m.passkeyResponseInvalid)),
    v.maxLength(16384, t(m.passkeyResponseInvalid)),
    v.regex(/^[A-Za-z0-9_-]*={0,2}$/, t(m.passkeyResponseInvalid)),
  )

/**
 * The browser's answer to `navigator.credentials.create()/get()` in its JSON form (what
 * SimpleWebAuthn's `startRegistration`/`startAuthentication` resolve with). Only its shape is
 * checked here; the server verifies the signature, challenge, origin and relying party.
 */
function credentialSchema<TResponse extends v.GenericSchema>(t: Translate, response: TResponse) {
  return v.looseObject(
    {
      id: base64url(t),
      rawId: base64url(t),
      type: v.literal('public-key', t(m.passkeyResponseInvalid)),
      response,
      clientExtensionResults: v.optional(v.looseObject({}), {}),
      authenticatorAttachment: v.optional(v.string(t(m.passkeyResponseInvalid))),
    },
    t(m.passkeyResponseInvalid),
  )
}

export function registrationResponseSchema(t: Translate) {
  return credentialSchema(
    t,
    v.looseObject(
      {
        clientDataJSON: base64url(t),
        attestationObject: base64url(t),
        transports: v.optional(
          v.pipe(
            v.array(v.pipe(v.string(), v.maxLength(32)), t(m.passkeyResponseInvalid)),
            v.maxLength(10),
          ),
        ),
      },
      t(m.passkeyResponseInvalid),
    ),
  )
}

export function authenticationResponseSchema(t: Translate) {
  return credentialSchema(
    t,
    v.looseObject(
      {
        clientDataJSON: base64url(t),
        authenticatorData: base64url(t),
        signature: base64url(t),
        userHandle: v.optional(base64url(t)),
      },
      t(m.passkeyResponseInvalid),
    ),
  )
}

/** `POST /api/v1/auth/login/second-factor` and `POST /api/v1/me/factors/totp/confirm`. */
export function createCodeSchema(t: Translate) {
  return v.strictObject({ code: codeSchema(t) }, strictObjectMessage(t))
}

/** `POST /api/v1/me/factors/passkeys`: the name and the browser's registration answer. */
export function createRegisterPasskeySchema(t: Translate) {
  return v.strictObject(
    { name: passkeyNameSchema(t), response: registrationResponseSchema(t) },
    strictObjectMessage(t),
  )
}

/** `PATCH /api/v1/me/factors/passkeys/:id`. */
export function createRenamePasskeySchema(t: Translate) {
  return v.strictObject({ name: passkeyNameSchema(t) }, strictObjectMessage(t))
}

/** `POST /api/v1/auth/passkey`: the browser's assertion, and "remember me". */
export function createPasskeySignInSchema(t: Translate) {
  return v.strictObject(
    {
      response: authenticationResponseSchema(t),
      remember: v.optional(v.boolean(), false),
    },
    strictObjectMessage(t),
  )
}

/** `POST /api/v1/me/reauthenticate/passkey`: the browser's assertion. */
export function createPasskeyProofSchema(t: Translate) {
  return v.strictObject({ response: authenticationResponseSchema(t) }, strictObjectMessage(t))
}

/** `POST /api/v1/me/reauthenticate`: the password, or a code (authenticator or recovery). */
export function createReauthenticateSchema(t: Translate) {
  return v.union(
    [
      v.strictObject({
        password: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)),
      }),
      v.strictObject({ code: codeSchema(t) }),
    ],
    t(m.reauthenticateShape),
  )
}

export type CodeInput = v.InferInput<ReturnType<typeof createCodeSchema>>
export type RenamePasskeyInput = v.InferInput<ReturnType<typeof createRenamePasskeySchema>>
export type ReauthenticateInput = v.InferInput<ReturnType<typeof createReauthenticateSchema>>
