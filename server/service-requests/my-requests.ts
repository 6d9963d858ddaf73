import type { Handler } from 'hono'
import {
  createServiceRequestSchema,
  createWithdrawSchema,
} from '../../domain/requests/request-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, tooManyRequests } from '../http/answers'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { threadStates } from '../messages/thread-store'
import { nowOf } from '../sessions/clock'
import { requestGlances } from './request-glance'
import { requestMailKinds } from './request-mail-kinds'
import { requestAnswerMessages as m } from './request-messages'
import { requestStatusChangeHandler } from './request-status-change'
import {
  insertServiceRequest,
  listOwnRequests,
  loadOwnRequest,
  toRequestSummary,
} from './request-store'

/**
 * `GET /api/v1/me/service-requests`: the client's requests, newest first, with their history,
 * their new messages, newest proposal and what is due.
 */
export function myServiceRequestsHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const { user } = signedInOf(c)
    const rows = await listOwnRequests(deps.pool, user.id)
    const ids = rows.map((row) => row.id)
    const [states, glanceOf] = await Promise.all([
      threadStates(deps.pool, ids, { side: 'client', userId: user.id }),
      requestGlances(deps.pool, ids, nowOf(deps)),
    ])
    return answer(c, 'myServiceRequests', {
      success: true,
      requests: rows.map((row) => ({
        ...toRequestSummary(row),
        newMessages: states.get(row.id)?.newMessages ?? 0,
        ...glanceOf(row.id),
      })),
    })
  }
}

/**
 * `POST /api/v1/me/service-requests`: after the gate, the per-address limit and the shared
 * schema, a per-account limit (a flood of requests is a flood of the agency's inbox); then the
 * request, its first history row (created, by the client) and its two mails (the client's
 * acknowledgement in their language, the agency's copy in AGENCY_LANGUAGE) are stored in one
 * statement.
 */
export function createServiceRequestHandler(deps: AgencyDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale(createServiceRequestSchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const rule = deps.rateRules.serviceRequestsPerAccount
    const perAccount = await deps.rateLimiter.hit(rule, user.id)
    if (!perAccount.allowed) return tooManyRequests(c, perAccount.retryAfterSeconds, rule)
    const { row, mailIds } = await insertServiceRequest(deps.pool, user.id, admitted.input, {
      email: deps.agencyEmail,
      locale: deps.agencyLocale,
    })
    for (const id of mailIds) deps.mail.queued(id)
    securityEvent(c, 'request.created', { accountId: user.id, requestId: row.id })
    return answer(c, 'createServiceRequest', {
      success: true,
      message: c.get('t')(m.created),
      request: toRequestSummary(row),
    })
  }
}

/**
 * `POST /api/v1/me/service-requests/:id/withdraw` `{ note? }`: only the client's own request
 * (another's, or an unknown id, is the same 404: the answer never reveals that a request
 * exists), and only when the machine lets a client withdraw it from its status (else 409). The
 * agency is told by mail, in its language, with the client's reason.
 */
export function withdrawServiceRequestHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return requestStatusChangeHandler(deps, {
    endpoint: 'withdrawServiceRequest',
    schema: createWithdrawSchema,
    change: ({ note }, user) => ({
      ownerId: user.id,
      to: 'withdrawn',
      by: 'client',
      note,
      agencyMail: {
        kind: requestMailKinds.withdrawn,
        inbox: { email: deps.agencyEmail, locale: deps.agencyLocale },
      },
    }),
    event: 'request.withdrawn',
    logsStatus: false,
    reload: (_, user, requestId) => loadOwnRequest(deps.pool, user.id, requestId),
    body: (row, t) => ({ success: true, message: t(m.withdrawn), request: toRequestSummary(row) }),
  })
}
