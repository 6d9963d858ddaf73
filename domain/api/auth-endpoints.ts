import type { LoginInput } from '../accounts/account-schemas'
import type { RegistrationValues } from '../registration/registration-schema'
import type { SuccessBody } from './answers'
import { apiPrefix, endpoint, type NoContent } from './endpoint'
import type { AccountUser } from './me-endpoints'

export type SignedInBody = SuccessBody & { readonly user: AccountUser }

/** `/api/v1/auth/*`: registration, recovery, address confirmation, signing in and out. */
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
}
