import type { Context } from 'hono'
import * as v from 'valibot'
import type { Translate } from '../../domain/forms/translate'
import type { Locale } from '../../domain/locales'
import { translator } from '../i18n/server-i18n'
import { securityEvent } from '../log/security-event'
import { readJson } from '../security/json-body'
import { emailSubject, type RateRule } from '../security/rate-limit'
import { failure, invalidFields, tooManyRequests } from './answers'
import type { ApiDeps, ApiEnv } from './api-env'
import { apiMessages } from './api-messages'

/** One schema per language, built once: validation messages come out already translated. */
export function schemasPerLocale<TSchema>(
  create: (t: Translate) => TSchema,
): Record<Locale, TSchema> {
  return { en: create(translator('en')), es: create(translator('es')) }
}

type Admitted<TOutput> =
  | { readonly ok: true; readonly input: TOutput }
  | { readonly ok: false; readonly response: Response }

/**
 * What every auth endpoint does first, in this order: the per-address rate limit (before any
 * parsing work), a JSON body, then the shared schema in the request's language.
 * `failuresOnly`: the rule counts failed attempts, which the handler hits itself; here it is
 * only checked. `fieldsByPath`: a refused field is named by its whole path (nested bodies).
 */
export async function admitRequest<TSchema extends v.GenericSchema>(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  perIpRule: RateRule,
  schemas: Record<Locale, TSchema>,
  {
    failuresOnly = false,
    fieldsByPath = false,
  }: { failuresOnly?: boolean; fieldsByPath?: boolean } = {},
): Promise<Admitted<v.InferOutput<TSchema>>> {
  const t = c.get('t')
  const perIp = failuresOnly
    ? await deps.rateLimiter.peek(perIpRule, c.get('clientIp'))
    : await deps.rateLimiter.hit(perIpRule, c.get('clientIp'))
  if (!perIp.allowed)
    return { ok: false, response: tooManyRequests(c, perIp.retryAfterSeconds, perIpRule) }

  const body = await readJson(c)
  if (!body.ok) {
    securityEvent(c, 'request.invalid', { reason: 'invalid_json' })
    return { ok: false, response: failure(c, 400, 'invalid_json', t(apiMessages.invalidJson)) }
  }
  const parsed = v.safeParse(schemas[c.get('locale')], body.value)
  if (!parsed.success) {
    const response = invalidFields(c, parsed.issues, t(apiMessages.invalidFields), fieldsByPath)
    securityEvent(c, 'request.invalid', {
      reason: 'invalid_fields',
      fields: fieldNames(parsed.issues),
    })
    return { ok: false, response }
  }
  return { ok: true, input: parsed.output }
}

/**
 * An admitted request's limits per address, in order (once a minute, then a day): the first
 * one used up answers 429; undefined when all allow it. Counted once the body is valid, on the
 * address in any case (`emailSubject`).
 */
export async function limitPerEmail(
  c: Context<ApiEnv>,
  deps: ApiDeps,
  rules: readonly RateRule[],
  email: string,
): Promise<Response | undefined> {
  for (const rule of rules) {
    const hit = await deps.rateLimiter.hit(rule, emailSubject(email))
    if (!hit.allowed) return tooManyRequests(c, hit.retryAfterSeconds, rule)
  }
  return undefined
}

/** Names of the fields that failed, for the log: only known-safe names, never a client's key. */
function fieldNames(issues: readonly v.BaseIssue<unknown>[]): string[] {
  const names = new Set<string>()
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    names.add(typeof key === 'string' && /^[A-Za-z]{1,20}$/.test(key) ? key : '(other)')
  }
  return [...names].slice(0, 20)
}
