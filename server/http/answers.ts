import type { Context } from 'hono'
import type * as v from 'valibot'
import {
  type EndpointName,
  type EndpointSuccess,
  type ErrorCode,
  endpoints,
  type FailureStatus,
  type FieldErrors,
  failureBody,
  type NoContent,
  successBody,
} from '../../domain/api/api-contract'
import { firstIssuePerField, firstIssuePerPath } from '../../domain/validation/schema-issues'
import { rateLimitRefusals } from '../log/metrics'
import { securityEvent } from '../log/security-event'
import type { RateRule } from '../security/rate-limit'
import type { ApiEnv } from './api-env'
import { apiMessages, rateLimited } from './api-messages'

/**
 * A failure, in the contract's shape (domain/api/api-contract.ts): `{ success: false, code,
 * message, error }` (the client shows `error`), plus `fields` for validation failures. Never a
 * stack trace.
 */
export function failure(
  c: Context,
  status: FailureStatus,
  code: ErrorCode,
  message: string,
  fields?: FieldErrors,
): Response {
  return c.json(failureBody(code, message, fields), status)
}

/** Endpoints whose success is the plain `{ success: true, message }`. */
type MessageEndpoint = Exclude<
  EndpointName,
  keyof EndpointSuccess | 'xsrfToken' | NoContentEndpoint
>

/** Endpoints that answer 204 (or a body that is not JSON: a stream, a file). */
type NoContentEndpoint = {
  [Name in EndpointName]: NonNullable<
    (typeof endpoints)[Name]['types']
  >['success'] extends NoContent
    ? Name
    : never
}[EndpointName]

/** The success of `endpoint`, with its status from the contract. */
export function success(c: Context, endpoint: MessageEndpoint, message: string): Response {
  return c.json(successBody(message), endpoints[endpoint].status)
}

/** The success of an endpoint whose body carries more than a message (`EndpointSuccess`). */
export function answer<E extends keyof EndpointSuccess>(
  c: Context,
  endpoint: E,
  body: EndpointSuccess[E],
): Response {
  return c.json(body, endpoints[endpoint].status)
}

/** 429 with Retry-After past a rate rule, or past a cap (`rule` names it in the log). */
export function tooManyRequests(
  c: Context<ApiEnv>,
  retryAfterSeconds: number,
  rule: Pick<RateRule, 'name'>,
): Response {
  securityEvent(c, 'rate.limited', { rule: rule.name })
  rateLimitRefusals.inc({ rule: rule.name })
  c.header('Retry-After', String(retryAfterSeconds))
  return failure(c, 429, 'rate_limited', c.get('t')(rateLimited(retryAfterSeconds)))
}

/**
 * 400 with one message per field; a problem with the body as a whole becomes the message.
 * `byPath`: fields named by their whole path (`data.title.es`), for bodies whose fields nest.
 */
export function invalidFields(
  c: Context<ApiEnv>,
  issues: readonly v.BaseIssue<unknown>[],
  fallback: string,
  byPath = false,
): Response {
  const { '': whole, ...fields } = (byPath ? firstIssuePerPath : firstIssuePerField)(issues)
  return failure(c, 400, 'invalid_fields', whole ?? fallback, fields)
}

/** 503 with Retry-After: the server is overloaded or the database is away; trying later works. */
export function unavailable(
  c: Context<ApiEnv>,
  code: 'busy' | 'unavailable',
  retryAfterSeconds: number,
): Response {
  c.header('Retry-After', String(retryAfterSeconds))
  const t = c.get('t')
  return failure(c, 503, code, t(code === 'busy' ? apiMessages.busy : apiMessages.unavailable))
}
