import type { MessageDescriptor } from '@lingui/core'
import type { Handler } from 'hono'
import type * as v from 'valibot'
import type { Translate } from '../../domain/forms/translate'
import { admitRequest, limitPerEmail, schemasPerLocale } from '../http/admit-request'
import { success } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import type { RateRules } from '../http/rate-rules'
import { type SecurityEventName, securityEvent } from '../log/security-event'

/** What differs between the two "mail me a link" endpoints (recovery, verification). */
export type LinkMailRequest = {
  readonly endpoint: 'resendRecoveryEmail' | 'resendVerification'
  readonly schema: (t: Translate) => v.GenericSchema<unknown, { readonly email: string }>
  readonly perIp: keyof RateRules
  /** Per address: once a minute, five a day. */
  readonly perEmail: readonly (keyof RateRules)[]
  /** One statement, the same for every address: `$1` the address, `$2` the page's language. */
  readonly enqueueSql: string
  readonly event: SecurityEventName
  readonly answer: MessageDescriptor
}

/**
 * A "mail me a link" endpoint: the same answer, status, work and limits for any address, so it
 * tells nobody whether an address has an account. The outbox row is stored with the account
 * when there is one; the worker mints the link when it sends the mail, or drops the row.
 */
export function linkMailRequestHandler(deps: ApiDeps, request: LinkMailRequest): Handler<ApiEnv> {
  const schemas = schemasPerLocale(request.schema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules[request.perIp], schemas)
    if (!admitted.ok) return admitted.response
    const { email } = admitted.input
    const rules = request.perEmail.map((name) => deps.rateRules[name])
    const overLimit = await limitPerEmail(c, deps, rules, email)
    if (overLimit) return overLimit
    const queued = await deps.pool.query<{ id: string; user_id: string | null }>(
      request.enqueueSql,
      [email, c.get('locale')],
    )
    const row = queued.rows[0]
    if (row) deps.mail.queued(Number(row.id))
    securityEvent(c, request.event, {
      accountId: row?.user_id ?? undefined,
      known: Boolean(row?.user_id),
    })
    return success(c, request.endpoint, c.get('t')(request.answer))
  }
}
