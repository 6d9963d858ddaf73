import type { LoginInput } from '../accounts/account-schemas'
import type { CodeInput } from '../accounts/factor-schemas'
import type { RegistrationValues } from '../registration/registration-schema'
import type { SuccessBody } from './answers'
import { apiPrefix, endpoint, type NoContent } from './endpoint'
import type { PasskeyAssertionJSON, PasskeyOptionsBody } from './factors-endpoints'
import type { AccountUser } from './me-endpoints'

export type SignedInBody = SuccessBody & { readonly user: AccountUser }

/**
 * `/api/v1/auth/*` (`server/auth/`): registration, recovery, address confirmation, signing in —
 * with a password, then a second factor's code, or with a passkey — and out.
 */
export const authEndpoints = {
  /** Gives the browser a session id and an XSRF token signed for it (cookies; no body). */
  xsrfToken: endpoint<never, NoContent>()({
    method: 'GET',
    path: `${apiPrefix}/auth/xsrf-token`,
    status: 204,
    failures: [],
  }),
  /** The registration payload (domain/registration/registration-schema.ts). 409 when taken. */
  register: endpoint<RegistrationValues>()({
    method: 'POST',
    path: `${apiPrefix}/auth/register`,
    status: 201,
    failures: ['invalid_fields', 'already_registered'],
  }),
  /** The same answer whether or not the address has an account. */
  resendRecoveryEmail: endpoint<{ readonly email: string }>()({
    method: 'POST',
    path: `${apiPrefix}/auth/resend-recovery-email`,
    status: 200,
    failures: ['invalid_fields'],
  }),
  /** 400 `invalid_token` for a bad link; 409 `registration_unfinished` (docs/decisions/033). */
  resetPassword: endpoint<{ readonly token: string; readonly password: string }>()({
    method: 'POST',
    path: `${apiPrefix}/auth/reset-password`,
    status: 200,
    failures: ['invalid_fields', 'invalid_token', 'registration_unfinished'],
  }),
  /**
   * The token from the verification mail's link (`invalid_token`, `expired_token`; 409
   * `already_verified` for a link used, or retired, once the address was confirmed).
   */
  verifyEmail: endpoint<{ readonly token: string }>()({
    method: 'POST',
    path: `${apiPrefix}/auth/verify-email`,
    status: 200,
    failures: ['invalid_fields', 'invalid_token', 'expired_token', 'already_verified'],
  }),
  /** The same answer whether or not the address has an unverified account. */
  resendVerification: endpoint<{ readonly email: string }>()({
    method: 'POST',
    path: `${apiPrefix}/auth/resend-verification`,
    status: 200,
    failures: ['invalid_fields'],
  }),
  /**
   * A new session cookie. Unknown email and wrong password answer the same 401
   * `invalid_credentials` in the same time; 403 `email_unverified`. A right password on an
   * account with a second factor: 401 `second_factor_required` with `methods`, a half-way
   * cookie and no session (then `loginSecondFactor`, or a passkey sign-in).
   */
  login: endpoint<LoginInput, SignedInBody>()({
    method: 'POST',
    path: `${apiPrefix}/auth/login`,
    status: 200,
    failures: [
      'invalid_fields',
      'invalid_credentials',
      'email_unverified',
      'second_factor_required',
    ],
  }),
  /** Ends this session on the server. */
  logout: endpoint<Record<string, never>>()({
    method: 'POST',
    path: `${apiPrefix}/auth/logout`,
    status: 200,
    failures: [],
  }),
  /**
   * The second step after `login` answered `second_factor_required`: a TOTP or recovery code
   * with the half-way cookie it set (5 minutes, not a session). 400 `invalid_code`; 401
   * `sign_in_expired` without a live half-way state (start again); 429 when the attempts of
   * this half-way state or of the account are spent.
   */
  loginSecondFactor: endpoint<CodeInput, SignedInBody>()({
    method: 'POST',
    path: `${apiPrefix}/auth/login/second-factor`,
    status: 200,
    failures: ['invalid_fields', 'invalid_code', 'sign_in_expired'],
  }),
  /**
   * Options for signing in with a passkey (no address needed: discoverable credentials, also
   * for the browser's autofill). During a half-way sign-in they name that account's passkeys.
   */
  passkeySignInOptions: endpoint<Record<string, never>, PasskeyOptionsBody>()({
    method: 'POST',
    path: `${apiPrefix}/auth/passkey/options`,
    status: 200,
    failures: ['invalid_fields'],
  }),
  /**
   * Signs in with a passkey (two factors: something held and the authenticator's own check).
   * 400 `passkey_rejected`; 403 `email_unverified`.
   */
  passkeySignIn: endpoint<
    { readonly response: PasskeyAssertionJSON; readonly remember?: boolean },
    SignedInBody
  >()({
    method: 'POST',
    path: `${apiPrefix}/auth/passkey`,
    status: 200,
    failures: ['invalid_fields', 'passkey_rejected', 'email_unverified'],
  }),
}
