import type { Hono } from 'hono'
import { apiPrefix } from '../../domain/api/api-contract'
import type { ApiDeps } from '../http/api-env'
import { jsonChangeGate } from '../http/api-gate'
import { createApiRouter } from '../http/api-router'
import type { AccountEnv } from '../http/require-session'
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

/** Where the app mounts the auth routes. */
export const authPrefix = `${apiPrefix}/auth`

/**
 * `/api/v1/auth/*`. Every state-changing route runs the same gate, in this order: 413 (body
 * over 64 KiB), 415 (not JSON), 403 (XSRF), then the handler (rate limits, 400, the work).
 */
export function createAuthRoutes(deps: ApiDeps): Hono<AccountEnv> {
  const gate = jsonChangeGate(deps)
  return createApiRouter(authPrefix, (routes, path) => {
    /** Gives the browser a session id and a token signed for it (the client calls this first). */
    routes.get(path('xsrfToken'), (c) => {
      ensureXsrfCookies(c, deps.xsrfKey, isHttps(c, deps.trustProxy))
      return c.body(null, 204)
    })
    routes.post(path('register'), gate, registerHandler(deps))
    routes.post(path('resendRecoveryEmail'), gate, resendRecoveryEmailHandler(deps))
    routes.post(path('resetPassword'), gate, resetPasswordHandler(deps))
    routes.post(path('verifyEmail'), gate, verifyEmailHandler(deps))
    routes.post(path('resendVerification'), gate, resendVerificationHandler(deps))
    routes.post(path('login'), gate, loginHandler(deps))
    routes.post(path('loginSecondFactor'), gate, loginSecondFactorHandler(deps))
    routes.post(path('passkeySignInOptions'), gate, passkeySignInOptionsHandler(deps))
    routes.post(path('passkeySignIn'), gate, passkeySignInHandler(deps))
    routes.post(path('logout'), gate, logoutHandler(deps))
  })
}
