import type { Context } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../src/domain/locales'
import { type Translate, translator } from '../i18n/server-i18n'
import { clientAddress } from '../security/client-ip'
import { readJson } from '../security/json-body'
import type { RateRule } from '../security/rate-limit'
import { failure, invalidFields, tooManyRequests } from './answers'
import type { AuthDeps, AuthEnv } from './auth-env'
import { authMessages } from './auth-messages'

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
 */
export async function admitRequest<TSchema extends v.GenericSchema>(
  c: Context<AuthEnv>,
  deps: AuthDeps,
  perIpRule: RateRule,
  schemas: Record<Locale, TSchema>,
): Promise<Admitted<v.InferOutput<TSchema>>> {
  const t = c.get('t')
  const perIp = await deps.rateLimiter.hit(perIpRule, clientAddress(c, deps.trustProxy))
  if (!perIp.allowed) return { ok: false, response: tooManyRequests(c, perIp.retryAfterSeconds) }

  const body = await readJson(c)
  if (!body.ok) {
    return { ok: false, response: failure(c, 400, 'invalid_json', t(authMessages.invalidJson)) }
  }
  const parsed = v.safeParse(schemas[c.get('locale')], body.value)
  if (!parsed.success) {
    return { ok: false, response: invalidFields(c, parsed.issues, t(authMessages.invalidFields)) }
  }
  return { ok: true, input: parsed.output }
}
