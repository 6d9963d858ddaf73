import type { Context } from 'hono'
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'
import { firstIssuePerField } from '../../src/domain/registration/registration-schema'
import { securityEvent } from '../log/security-event'
import type { RateRule } from '../security/rate-limit'
import type { AuthEnv } from './auth-env'
import { authMessages, rateLimited } from './auth-messages'

/**
 * Failure answers share one shape: `{ success: false, code, message, error }` (the client shows
 * `error`, docs/product.md "The API"), plus `fields` for validation failures. Never a stack trace.
 */
export function failure(
  c: Context<AuthEnv>,
  status: ClientErrorStatusCode | ServerErrorStatusCode,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return c.json({ success: false, code, message, error: message, ...extra }, status)
}

export function tooManyRequests(
  c: Context<AuthEnv>,
  retryAfterSeconds: number,
  rule: RateRule,
): Response {
  securityEvent(c, 'rate.limited', { rule: rule.name })
  c.header('Retry-After', String(retryAfterSeconds))
  return failure(c, 429, 'rate_limited', c.get('t')(rateLimited(retryAfterSeconds)))
}

/** 400 with one message per field; a problem with the body as a whole becomes the message. */
export function invalidFields(
  c: Context<AuthEnv>,
  issues: readonly v.BaseIssue<unknown>[],
  fallback: string,
): Response {
  const { '': whole, ...fields } = firstIssuePerField(issues)
  return failure(c, 400, 'invalid_fields', whole ?? fallback, { fields })
}

/** 503 with Retry-After: the server is overloaded or the database is away; trying later works. */
export function unavailable(
  c: Context<AuthEnv>,
  code: 'busy' | 'unavailable',
  retryAfterSeconds: number,
): Response {
  c.header('Retry-After', String(retryAfterSeconds))
  const t = c.get('t')
  return failure(c, 503, code, t(code === 'busy' ? authMessages.busy : authMessages.unavailable))
}
