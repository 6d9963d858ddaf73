import type { MessageDescriptor } from '@lingui/core'
import type { Handler } from 'hono'
import type * as v from 'valibot'
import type { Translate } from '../../domain/forms/translate'
import { admitRequest, limitPerEmail, schemasPerLocale } from '../http/admit-request'
import { success } from '../http/answers'
import type { ApiDeps, ApiEnv } from '../http/api-env'
import type { RateRules } from '../http/rate-rules'
import { type SecurityEventName, securityEvent } from '../log/security-event'
import { kindLiteral, type MailKind } from '../mail/mail-kind'

/** What differs between the two "mail me a link" endpoints (recovery, verification). */
export type LinkMailRequest = {
  readonly endpoint: 'resendRecoveryEmail' | 'resendVerification'
  readonly schema: (t: Translate) => v.GenericSchema<unknown, { readonly email: string }>
  readonly perIp: keyof RateRules
  /** Per address: once a minute, five a day. */
  readonly perEmail: readonly (keyof RateRules)[]
  /** The mail the worker sends (and mints the link for). */
  readonly kind: MailKind
  /** The account it is for: any with the address, or only one whose address waits for confirmation. */
  readonly account: 'any' | 'unconfirmed'
  /** Its language: the page's, or the account's where there is one. */
  readonly language: 'page' | 'account'
  readonly event: SecurityEventName
  readonly answer: MessageDescriptor
}

/**
 * One statement, the same for every address (`$1`; `$2` the page's language): an outbox row, with
 * the account when the address has one (of the kind asked for). A known and an unknown address
 * cost the same work here; the outbox worker mints the link when it sends the mail, storing only
 * its hash, or drops the row without an account (server/mail/outbox-worker.ts).
 */
function enqueueSql(request: LinkMailRequest): string {
  const unconfirmed = request.account === 'unconfirmed' ? ' AND email_verified_at IS NULL' : ''
  const locale = request.language === 'account' ? 'coalesce(account.locale, $2)' : '$2'
  return `
WITH account AS (
  SELECT id, email, locale FROM users WHERE lower(email) = lower($1)${unconfirmed}
)
INSERT INTO mail_outbox (kind, recipient, locale, user_id)
SELECT ${kindLiteral(request.kind)}, coalesce(account.email, $1), ${locale}, account.id
FROM (VALUES (1)) AS one LEFT JOIN account ON true
RETURNING id, user_id`
}

/**
 * A "mail me a link" endpoint: the same answer, status, work and limits for any address, so it
 * tells nobody whether an address has an account. The outbox row is stored with the account
 * when there is one; the worker mints the link when it sends the mail, or drops the row.
 */
export function linkMailRequestHandler(deps: ApiDeps, request: LinkMailRequest): Handler<ApiEnv> {
  const schemas = schemasPerLocale(request.schema)
  const enqueue = enqueueSql(request)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules[request.perIp], schemas)
    if (!admitted.ok) return admitted.response
    const { email } = admitted.input
    const rules = request.perEmail.map((name) => deps.rateRules[name])
    const overLimit = await limitPerEmail(c, deps, rules, email)
    if (overLimit) return overLimit
    const queued = await deps.pool.query<{ id: string; user_id: string | null }>(enqueue, [
      email,
      c.get('locale'),
    ])
    const row = queued.rows[0]
    if (row) deps.mail.queued(Number(row.id))
    securityEvent(c, request.event, {
      accountId: row?.user_id ?? undefined,
      known: Boolean(row?.user_id),
    })
    return success(c, request.endpoint, c.get('t')(request.answer))
  }
}
