import { type Context, Hono } from 'hono'
import { apiPrefix, type EndpointName, endpoints } from '../../src/domain/api/api-contract'
import { loginHandler } from '../accounts/login'
import { logoutHandler } from '../accounts/logout'
import { resendVerificationHandler } from '../accounts/resend-verification'
import { verifyEmailHandler } from '../accounts/verify-email'
import { localeOf } from '../i18n/request-locale'
import { translator } from '../i18n/server-i18n'
import { isHttps } from '../security/client-ip'
import { ensureXsrfCookies } from '../security/xsrf'
import { failure } from './answers'
import { answerError, apiContext, jsonChangeGate, notFound } from './api-gate'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import { registerHandler } from './register'
import { resendRecoveryEmailHandler } from './resend-recovery-email'
import { resetPasswordHandler } from './reset-password'

/** Where the app mounts the auth routes. */
export const authPrefix = `${apiPrefix}/auth`

/**
 * `/api/v1/auth/*`. Every state-changing route runs the same gate, in this order: 413 (body
 * over 64 KiB), 415 (not JSON), 403 (XSRF), then the handler (rate limits, 400, the work).
 */
export function createAuthRoutes(deps: AuthDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>()
  routes.use('*', apiContext)
  const gate = jsonChangeGate(deps)

  // Paths relative to where the app mounts these routes (authPrefix), from the contract.
  const path = (endpoint: EndpointName) => endpoints[endpoint].path.slice(authPrefix.length)
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
  routes.post(path('logout'), gate, logoutHandler(deps))

  routes.all('*', notFound)
  routes.onError(answerError)
  return routes
}

/** Any other `/api/*` address: a JSON 404 in the request's language, never the site's HTML page. */
export function apiNotFound(c: Context): Response {
  const t = translator(localeOf(c))
  c.header('Cache-Control', 'no-store')
  return failure(c, 404, 'not_found', t(authMessages.notFound))
}
