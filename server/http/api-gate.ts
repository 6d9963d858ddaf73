import type { Context, ErrorHandler, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { databaseUnavailable } from '../db/unavailable'
import { localeOf } from '../i18n/request-locale'
import { translator } from '../i18n/server-i18n'
import { describeError } from '../log/describe-error'
import { databaseUnavailableAnswers, unavailableReason } from '../log/metrics'
import { securityEvent } from '../log/security-event'
import { isHttps } from '../security/client-ip'
import { BusyError } from '../security/hash-slots'
import { jsonBodyGuards } from '../security/json-body'
import { checkXsrf } from '../security/xsrf'
import { failure, unavailable } from './answers'
import type { ApiDeps, ApiEnv } from './api-env'
import { apiMessages } from './api-messages'

/**
 * What every API router shares: the request's language and translator, `Cache-Control:
 * no-store` on every answer, the gate of state-changing requests and the error answers.
 */
export const apiContext: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const locale = localeOf(c)
  c.set('locale', locale)
  c.set('t', translator(locale))
  c.header('Cache-Control', 'no-store')
  await next()
}

/** 403 `xsrf_failed` unless the request echoes a token signed for its session id. */
export function xsrfGate(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const check = checkXsrf(c, deps.xsrfKey, isHttps(c, deps.trustProxy))
    if (!check.ok) {
      securityEvent(c, 'xsrf.rejected', { reason: check.reason })
      return failure(c, 403, 'xsrf_failed', c.get('t')(apiMessages.xsrfFailed))
    }
    await next()
  }
}

/**
 * The gate of a state-changing request with a JSON body, in this order: 413 (body over 64 KiB),
 * 415 (not JSON), 403 (XSRF); then the handler (rate limits, 400, the work).
 */
export function jsonChangeGate(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return every(
    ...jsonBodyGuards<ApiEnv>({
      tooLarge: (c) => {
        // The rest of the body is not read: the connection cannot carry another request.
        c.header('Connection', 'close')
        return failure(c, 413, 'too_large', c.get('t')(apiMessages.tooLarge))
      },
      unsupportedMediaType: (c) =>
        failure(c, 415, 'unsupported_media_type', c.get('t')(apiMessages.unsupportedMediaType)),
    }),
    xsrfGate(deps),
  )
}

/** Errors as answers: 503 when hashing is saturated or the database is away, else a bare 500. */
export const answerError: ErrorHandler<ApiEnv> = (error, c) => {
  if (error instanceof BusyError) {
    securityEvent(c, 'service.busy', { reason: 'password_hashes' })
    return unavailable(c, 'busy', error.retryAfterSeconds)
  }
  const database = databaseUnavailable(error)
  if (database) {
    // The reason says which bound answered (connect, query, statement or lock timeout).
    securityEvent(c, 'service.unavailable', { reason: database })
    databaseUnavailableAnswers.inc({ reason: unavailableReason(database) })
    return unavailable(c, 'unavailable', 5)
  }
  // Logged without the request body: it may hold a password.
  c.get('log').error({ event: 'http.error', error: describeError(error) })
  return failure(c, 500, 'server_error', c.get('t')(apiMessages.serverError))
}

/** A JSON 404 in the request's language. */
export function notFound(c: Context<ApiEnv>): Response {
  return failure(c, 404, 'not_found', c.get('t')(apiMessages.notFound))
}
