import type { ApiDeps } from '../http/api-env'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, route } from '../http/api-router'
import { isHttps } from '../security/client-ip'
import { ensureXsrfCookies } from '../security/xsrf'
import { loginHandler } from './login'
import { logoutHandler } from './logout'
import { passkeySignInHandler, passkeySignInOptionsHandler } from './passkey-sign-in'
import { registerHandler } from './register'
import { resendRecoveryEmailHandler } from './resend-recovery-email'
import { resendVerificationHandler } from './resend-verification'
import { resetPasswordHandler } from './reset-password'
import { loginSecondFactorHandler } from './second-factor'
import { verifyEmailHandler } from './verify-email'

/**
 * `/api/v1/auth/*`. Every state-changing route runs the same gate, in this order: 413 (body
 * over 64 KiB), 415 (not JSON), 403 (XSRF), then the handler (rate limits, 400, the work).
 */
export function authRoutes(deps: ApiDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  return [
    /** Gives the browser a session id and a token signed for it (the client calls this first). */
    route('xsrfToken', (c) => {
      ensureXsrfCookies(c, deps.xsrfKey, isHttps(c, deps.trustProxy))
      return c.body(null, 204)
    }),
    route('register', gate, registerHandler(deps)),
    route('resendRecoveryEmail', gate, resendRecoveryEmailHandler(deps)),
    route('resetPassword', gate, resetPasswordHandler(deps)),
    route('verifyEmail', gate, verifyEmailHandler(deps)),
    route('resendVerification', gate, resendVerificationHandler(deps)),
    route('login', gate, loginHandler(deps)),
    route('loginSecondFactor', gate, loginSecondFactorHandler(deps)),
    route('passkeySignInOptions', gate, passkeySignInOptionsHandler(deps)),
    route('passkeySignIn', gate, passkeySignInHandler(deps)),
    route('logout', gate, logoutHandler(deps)),
  ]
}
