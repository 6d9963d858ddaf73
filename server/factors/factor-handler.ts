import type { Context, Handler } from 'hono'
import type { PoolClient } from 'pg'
import type * as v from 'valibot'
import type { Translate } from '../../domain/forms/translate'
import { inTransaction } from '../db/transaction'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { ApiDeps } from '../http/api-env'
import { type AccountEnv, type SignedIn, signedInOf } from '../http/require-session'
import type { MailKind } from '../mail/mail-kind'
import { queueFactorNotice } from './factor-notice'
import { dropOrphanRecoveryCodes } from './factor-store'

/** What a factor endpoint works with once its request is admitted. */
export type FactorRequest<Input> = SignedIn & { readonly input: Input; readonly t: Translate }

/**
 * A factor endpoint with a body: the account's per-address limit and the body in the request's
 * language (`admitRequest`), then the signed-in user and session; `handle` does the rest.
 */
export function factorHandler<TSchema extends v.GenericSchema>(
  deps: ApiDeps,
  createSchema: (t: Translate) => TSchema,
  handle: (
    c: Context<AccountEnv>,
    request: FactorRequest<v.InferOutput<TSchema>>,
  ) => Promise<Response>,
): Handler<AccountEnv> {
  const schemas = schemasPerLocale(createSchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    return handle(c, { ...signedInOf(c), input: admitted.input, t: c.get('t') })
  }
}

/**
 * Removes one of the account's second factors (`remove` says whether there was one) and, with
 * the last, its recovery codes, queueing the `notice` in the same transaction: the notice's
 * outbox id, or null when there was nothing to remove.
 */
export function removeSecondFactor(
  deps: ApiDeps,
  userId: string,
  remove: (client: PoolClient) => Promise<boolean>,
  notice: MailKind,
): Promise<number | undefined | null> {
  return inTransaction(deps.pool, async (client) => {
    if (!(await remove(client))) return null
    await dropOrphanRecoveryCodes(client, userId)
    return queueFactorNotice(client, notice, userId)
  })
}
