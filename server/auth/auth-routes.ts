import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { apiPrefix, type EndpointName, endpoints } from '../../src/domain/api/api-contract'
import { isDatabaseUnavailable } from '../db/unavailable'
import { localeOf } from '../i18n/request-locale'
import { translator } from '../i18n/server-i18n'
import { describeError } from '../log/describe-error'
import { securityEvent } from '../log/security-event'
import { isHttps } from '../security/client-ip'
import { jsonBodyGuards } from '../security/json-body'
import { checkXsrf, ensureXsrfCookies } from '../security/xsrf'
import { failure, unavailable } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'
import { BusyError } from './hash-slots'
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

  routes.use('*', async (c, next) => {
    const locale = localeOf(c)
    c.set('locale', locale)
    c.set('t', translator(locale))
    c.header('Cache-Control', 'no-store')
    await next()
  })

  const xsrf: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const check = checkXsrf(c, deps.xsrfKey, isHttps(c, deps.trustProxy))
    if (!check.ok) {
      securityEvent(c, 'xsrf.rejected', { reason: check.reason })
      return failure(c, 403, 'xsrf_failed', c.get('t')(authMessages.xsrfFailed))
    }
    await next()
  }
  const gate = every(
    ...jsonBodyGuards<AuthEnv>({
      tooLarge: (c) => {
        // The rest of the body is not read: the connection cannot carry another request.
        c.header('Connection', 'close')
        return failure(c, 413, 'too_large', c.get('t')(authMessages.tooLarge))
      },
      unsupportedMediaType: (c) =>
        failure(c, 415, 'unsupported_media_type', c.get('t')(authMessages.unsupportedMediaType)),
    }),
    xsrf,
  )

  /** Gives the browser a session id and a token signed for it (the client calls this first). */
  // Paths relative to where the app mounts these routes (authPrefix), from the contract.
  const path = (endpoint: EndpointName) => endpoints[endpoint].path.slice(authPrefix.length)
  routes.get(path('xsrfToken'), (c) => {
    ensureXsrfCookies(c, deps.xsrfKey, isHttps(c, deps.trustProxy))
    return c.body(null, 204)
  })
  routes.post(path('register'), gate, registerHandler(deps))
  routes.post(path('resendRecoveryEmail'), gate, resendRecoveryEmailHandler(deps))
  routes.post(path('resetPassword'), gate, resetPasswordHandler(deps))

  routes.all('*', (c) => failure(c, 404, 'not_found', c.get('t')(authMessages.notFound)))
  routes.onError((error, c) => {
    if (error instanceof BusyError) {
      securityEvent(c, 'service.busy', { reason: 'password_hashes' })
      return unavailable(c, 'busy', error.retryAfterSeconds)
    }
    if (isDatabaseUnavailable(error)) {
      securityEvent(c, 'service.unavailable', { reason: 'database' })
      return unavailable(c, 'unavailable', 5)
    }
    // Logged without the request body: it may hold a password.
    c.get('log').error({ event: 'http.error', error: describeError(error) })
    return failure(c, 500, 'server_error', c.get('t')(authMessages.serverError))
  })
  return routes
}

/** Any other `/api/*` address: a JSON 404 in the request's language, never the site's HTML page. */
export function apiNotFound(c: Context): Response {
  const t = translator(localeOf(c))
  c.header('Cache-Control', 'no-store')
  return failure(c, 404, 'not_found', t(authMessages.notFound))
}
