import type { Handler } from 'hono'
import type * as v from 'valibot'
import type { EndpointSuccess } from '../../domain/api/api-contract'
import type { Translate } from '../../domain/forms/translate'
import type { Uuid } from '../../domain/ids/uuid'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, failure } from '../http/answers'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { type SecurityEventName, securityEvent } from '../log/security-event'
import type { UserRow } from '../sessions/account-user'
import { requestAnswerMessages as m } from './request-messages'
import { changeRequestStatus, type StatusChange } from './request-store'

/** What differs between the agency's status change and the client's withdrawal. */
export type StatusChangeRoute<
  Input,
  Row,
  E extends 'changeRequestStatus' | 'withdrawServiceRequest',
> = {
  readonly endpoint: E
  readonly schema: (t: Translate) => v.GenericSchema<unknown, Input>
  /** The change the request asks for, by whom (the user is always the session's). */
  readonly change: (input: Input, user: UserRow) => Omit<StatusChange, 'requestId' | 'byUserId'>
  readonly event: SecurityEventName
  /** Whether the log line names the new status (the agency's changes; a withdrawal is one). */
  readonly logsStatus: boolean
  /** The request as the answer shows it, read again after the change. */
  readonly reload: (deps: AgencyDeps, user: UserRow, requestId: Uuid) => Promise<Row | undefined>
  readonly body: (row: Row, t: Translate) => EndpointSuccess[E]
}

/**
 * `POST …/service-requests/:id/…` that moves a request: admission, then the `serviceRequest`
 * machine's verdict in the store's transaction (404 when this user has no such request, 409
 * when the machine does not allow the change from its status), the mails stored with it
 * queued, one log line, and the request as it now is.
 */
export function requestStatusChangeHandler<
  Input,
  Row,
  E extends 'changeRequestStatus' | 'withdrawServiceRequest',
>(deps: AgencyDeps, route: StatusChangeRoute<Input, Row, E>): Handler<AccountEnv> {
  const schemas = schemasPerLocale(route.schema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const t = c.get('t')
    const requestId = pathId(c, 'id')
    const change = route.change(admitted.input, user)
    const changed = await changeRequestStatus(deps.pool, {
      ...change,
      requestId,
      byUserId: user.id,
    })
    if (changed.outcome === 'not_found') return failure(c, 404, 'not_found', t(m.notFound))
    if (changed.outcome === 'refused')
      return failure(c, 409, 'invalid_transition', t(m.invalidTransition))
    for (const id of changed.mailIds) deps.mail.queued(id)
    securityEvent(c, route.event, {
      accountId: user.id,
      requestId,
      ...(route.logsStatus ? { to: change.to } : {}),
    })
    const row = await route.reload(deps, user, requestId)
    if (!row) return failure(c, 404, 'not_found', t(m.notFound))
    return answer(c, route.endpoint, route.body(row, t))
  }
}
