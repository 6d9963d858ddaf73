import type { CodeInput, RenamePasskeyInput } from '../accounts/factor-schemas'
import type { ErrorCode, SuccessBody } from './answers'
import { apiPrefix, endpoint } from './endpoint'
import type { PasskeySummary } from './factor-methods'

export * from './factor-methods'

/**
 * Second factors: passkeys (WebAuthn), an authenticator app (TOTP, RFC 6238) and recovery codes
 * (docs/decisions/038-second-factors-and-step-up.md).
 *
 * Actions marked "step-up" need a proof (password, code or passkey) within the last 10 minutes on
 * this session: without one they answer 403 `reauthentication_required`; the page asks for a
 * proof (`POST /api/v1/me/reauthenticate…`) and repeats the action. A sign-in is a proof.
 * Once the account has a passkey or an authenticator app, managing its factors needs that proof
 * to be BY a factor (the sign-in with one, a code or a passkey — never the password alone):
 * without one they answer 403 `factor_proof_required`.
 */

/** `GET /api/v1/me/factors`. */
export type FactorsBody = {
  readonly success: true
  readonly passkeys: readonly PasskeySummary[]
  /** An authenticator app is confirmed (a pending enrolment does not count). */
  readonly totp: boolean
  /** Unused recovery codes (0 when the account has no second factor). */
  readonly recoveryCodesLeft: number
}

/**
 * WebAuthn options for the browser, as SimpleWebAuthn's server makes them: for a registration
 * `PublicKeyCredentialCreationOptionsJSON`, for a sign-in or proof
 * `PublicKeyCredentialRequestOptionsJSON` (pass them as `optionsJSON` to `startRegistration` /
 * `startAuthentication` of `@simplewebauthn/browser`). The challenge is single use and lives 5
 * minutes on the server.
 */
export type PasskeyOptionsJSON = { readonly challenge: string }
export type PasskeyOptionsBody = { readonly success: true; readonly options: PasskeyOptionsJSON }

/** What `startRegistration` resolves with (SimpleWebAuthn's `RegistrationResponseJSON`). */
export type PasskeyRegistrationJSON = {
  readonly id: string
  readonly rawId: string
  readonly type: 'public-key'
  readonly response: {
    readonly clientDataJSON: string
    readonly attestationObject: string
    readonly transports?: readonly string[]
  }
  readonly clientExtensionResults: object
  readonly authenticatorAttachment?: string
}

/** What `startAuthentication` resolves with (SimpleWebAuthn's `AuthenticationResponseJSON`). */
export type PasskeyAssertionJSON = {
  readonly id: string
  readonly rawId: string
  readonly type: 'public-key'
  readonly response: {
    readonly clientDataJSON: string
    readonly authenticatorData: string
    readonly signature: string
    readonly userHandle?: string
  }
  readonly clientExtensionResults: object
  readonly authenticatorAttachment?: string
}

/**
 * New recovery codes, shown once: ten when the first second factor is added or when they are
 * regenerated (the old ones stop working); an empty list when a factor is added to an account
 * that already has codes.
 */
export type RecoveryCodesBody = SuccessBody & { readonly recoveryCodes: readonly string[] }
export type TotpEnrolmentBody = SuccessBody & {
  /** The key in base32, to type into an app that cannot scan. */
  readonly secret: string
  /** `otpauth://totp/…`: what the QR code encodes. */
  readonly otpauthUri: string
}
export type PasskeyBody = SuccessBody & { readonly passkey: PasskeySummary }
export type PasskeyAddedBody = PasskeyBody & { readonly recoveryCodes: readonly string[] }

/**
 * `/api/v1/me/factors*` and `/api/v1/me/reauthenticate*`: the signed-in user's second factors
 * and fresh proof. Without a live session every one is 401 `unauthenticated`.
 */
/**
 * What the step-up gate answers before a factor change runs: no session, no fresh proof (the
 * password or a code within 10 minutes), no proof of the second factor when the account has one.
 */
const stepUpFailures = [
  'unauthenticated',
  'reauthentication_required',
  'factor_proof_required',
] as const satisfies readonly ErrorCode[]

export const factorsEndpoints = {
  /** The user's passkeys, whether TOTP is on, and how many recovery codes are left. */
  factors: endpoint<never, FactorsBody>()({
    method: 'GET',
    path: `${apiPrefix}/me/factors`,
    status: 200,
    failures: ['unauthenticated'],
  }),
  /**
   * Starts an authenticator-app enrolment (step-up): a new secret, pending until confirmed (10
   * minutes); a new call replaces a pending one. 409 `totp_already_enabled` when one is on.
   */
  enrolTotp: endpoint<Record<string, never>, TotpEnrolmentBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/factors/totp`,
    status: 200,
    failures: [...stepUpFailures, 'invalid_fields', 'totp_already_enabled'],
  }),
  /**
   * Confirms the pending enrolment with a current code (step-up): TOTP is on. 400 `invalid_code`
   * (limited: 429), 409 `enrolment_expired` when nothing is pending.
   */
  confirmTotp: endpoint<CodeInput, RecoveryCodesBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/factors/totp/confirm`,
    status: 200,
    failures: [...stepUpFailures, 'invalid_fields', 'invalid_code', 'enrolment_expired'],
  }),
  /** Turns the authenticator app off (step-up); 404 when it is not on. No body. */
  disableTotp: endpoint()({
    method: 'DELETE',
    path: `${apiPrefix}/me/factors/totp`,
    status: 200,
    failures: [...stepUpFailures, 'not_found'],
  }),
  /** Ten new recovery codes (step-up); 409 `no_second_factor` without a passkey or TOTP. */
  regenerateRecoveryCodes: endpoint<Record<string, never>, RecoveryCodesBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/factors/recovery-codes`,
    status: 200,
    failures: [...stepUpFailures, 'invalid_fields', 'no_second_factor'],
  }),
  /** Options for the browser's passkey dialog (step-up): a new discoverable credential. */
  passkeyRegistrationOptions: endpoint<Record<string, never>, PasskeyOptionsBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/factors/passkeys/options`,
    status: 200,
    failures: [...stepUpFailures, 'invalid_fields'],
  }),
  /**
   * Adds the passkey the browser created (step-up), under the user's name for it. 400
   * `passkey_rejected` when it does not verify (challenge used, expired or another's, wrong
   * origin or relying party, a passkey already registered).
   */
  registerPasskey: endpoint<
    { readonly name: string; readonly response: PasskeyRegistrationJSON },
    PasskeyAddedBody
  >()({
    method: 'POST',
    path: `${apiPrefix}/me/factors/passkeys`,
    status: 201,
    failures: [...stepUpFailures, 'invalid_fields', 'passkey_rejected'],
  }),
  /** Renames one of the user's passkeys (404 when it is not theirs). */
  renamePasskey: endpoint<RenamePasskeyInput, PasskeyBody>()({
    method: 'PATCH',
    path: `${apiPrefix}/me/factors/passkeys/:id`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'not_found'],
  }),
  /** Removes one of the user's passkeys (step-up; 404 when it is not theirs). No body. */
  removePasskey: endpoint()({
    method: 'DELETE',
    path: `${apiPrefix}/me/factors/passkeys/:id`,
    status: 200,
    failures: [...stepUpFailures, 'not_found'],
  }),
  /**
   * A fresh proof for this session: the password or a code (authenticator or recovery). 400
   * `wrong_password` / `invalid_code` (limited per account: 429).
   */
  reauthenticate: endpoint<{ readonly password: string } | { readonly code: string }>()({
    method: 'POST',
    path: `${apiPrefix}/me/reauthenticate`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'wrong_password', 'invalid_code'],
  }),
  /** Options for a passkey proof: one of the user's own passkeys. 409 `no_second_factor` without one. */
  reauthenticatePasskeyOptions: endpoint<Record<string, never>, PasskeyOptionsBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/reauthenticate/passkey/options`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'no_second_factor'],
  }),
  /** A fresh proof with one of the user's passkeys; 400 `passkey_rejected`. */
  reauthenticatePasskey: endpoint<{ readonly response: PasskeyAssertionJSON }>()({
    method: 'POST',
    path: `${apiPrefix}/me/reauthenticate/passkey`,
    status: 200,
    failures: ['unauthenticated', 'invalid_fields', 'passkey_rejected'],
  }),
}
