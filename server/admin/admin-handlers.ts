import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import {
  type AdminListQuery,
  createAdminListQuerySchema,
} from '../../domain/requests/admin-list-query'
import { isAnswerOverdue } from '../../domain/requests/answer-due'
import { createMarkHandledSchema } from '../../domain/requests/handled-schema'
import { createStatusChangeSchema } from '../../domain/requests/request-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, failure, invalidFields } from '../http/answers'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { threadStates } from '../messages/thread-store'
import {
  proposalFigures,
  requestsAwaitingAnswer,
  requestsWithDeclinedProposal,
} from '../proposals/proposal-store'
import { requestMailKinds } from '../service-requests/request-mail-kinds'
import { requestAnswerMessages as m } from '../service-requests/request-messages'
import { requestStatusChangeHandler } from '../service-requests/request-status-change'
import { loadAdminRequest, toAdminRequest } from '../service-requests/request-store'
import { nowOf } from '../sessions/clock'
import { listEnquiries, listRequests, loadEnquiry, markEnquiry, toEnquiry } from './admin-lists'

const querySchemas = schemasPerLocale(createAdminListQuerySchema)

type Parsed = { ok: true; query: AdminListQuery } | { ok: false; response: Response }

/** The list filters from the query string, or 400 with a message per filter. */
export function parseQuery(c: Context<AccountEnv>): Parsed {
  const parsed = v.safeParse(querySchemas[c.get('locale')], c.req.query())
  if (parsed.success) return { ok: true, query: parsed.output }
  return { ok: false, response: invalidFields(c, parsed.issues, c.get('t')(m.invalidQuery)) }
}

/** `GET /api/v1/admin/enquiries`: one page of the filtered list, newest first, and its total. */
export function adminEnquiriesHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const parsed = parseQuery(c)
    if (!parsed.ok) return parsed.response
    const page = await listEnquiries(deps.pool, parsed.query)
    return answer(c, 'adminEnquiries', { success: true, ...page })
  }
}

/** `GET /api/v1/admin/service-requests`: the same for service requests, with their clients. */
export function adminServiceRequestsHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const parsed = parseQuery(c)
    if (!parsed.ok) return parsed.response
    const page = await listRequests(deps.pool, parsed.query)
    const states = await threadStates(
      deps.pool,
      page.items.map((item) => item.id),
      { side: 'agency', userId: signedInOf(c).user.id },
    )
    const now = nowOf(deps)
    const awaiting = await requestsAwaitingAnswer(
      deps.pool,
      page.items.map((item) => item.id),
      now,
    )
    const declined = await requestsWithDeclinedProposal(
      deps.pool,
      page.items.map((item) => item.id),
    )
    const items = page.items.map((item) => {
      const state = states.get(item.id)
      return {
        ...item,
        newMessages: state?.newMessages ?? 0,
        awaitingReply: state?.awaitingReply ?? false,
        proposalAwaitingAnswer: awaiting.has(item.id),
        proposalDeclined: declined.has(item.id),
        answerOverdue: state?.awaitingSince ? isAnswerOverdue(state.awaitingSince, now) : false,
      }
    })
    return answer(c, 'adminServiceRequests', {
      success: true,
      ...page,
      items,
      proposals: await proposalFigures(deps.pool, now),
    })
  }
}

/** `GET /api/v1/admin/enquiries/:id`. */
export function adminEnquiryHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const row = await loadEnquiry(deps.pool, pathId(c, 'id'))
    if (!row) return failure(c, 404, 'not_found', c.get('t')(m.enquiryNotFound))
    return answer(c, 'adminEnquiry', { success: true, message: '', enquiry: toEnquiry(row) })
  }
}

/** `POST /api/v1/admin/enquiries/:id/handled` `{ handled }`. */
export function markEnquiryHandledHandler(deps: AgencyDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale(createMarkHandledSchema)
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const t = c.get('t')
    const { handled } = admitted.input
    const row = await markEnquiry(deps.pool, pathId(c, 'id'), handled, user.id)
    if (!row) return failure(c, 404, 'not_found', t(m.enquiryNotFound))
    securityEvent(c, 'enquiry.handled', {
      accountId: user.id,
      enquiryId: row.id,
      to: handled ? 'handled' : 'open',
    })
    return answer(c, 'markEnquiryHandled', {
      success: true,
      message: t(handled ? m.handled : m.unhandled),
      enquiry: toEnquiry(row),
    })
  }
}

/** `GET /api/v1/admin/service-requests/:id`: the request, its client and its history. */
export function adminServiceRequestHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const row = await loadAdminRequest(deps.pool, pathId(c, 'id'))
    if (!row) return failure(c, 404, 'not_found', c.get('t')(m.notFound))
    return answer(c, 'adminServiceRequest', {
      success: true,
      message: '',
      request: toAdminRequest(row),
    })
  }
}

/**
 * `POST /api/v1/admin/service-requests/:id/status` `{ to, note? }`: stored only when the
 * `serviceRequest` machine lets the agency make that change from the current status (409
 * otherwise), with a history row naming the admin and a mail to the client in their language.
 */
export function changeRequestStatusHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return requestStatusChangeHandler(deps, {
    endpoint: 'changeRequestStatus',
    schema: createStatusChangeSchema,
    change: ({ to, note }) => ({ to, by: 'agency', note, clientMail: requestMailKinds.status }),
    event: 'request.status_changed',
    logsStatus: true,
    reload: (_, __, requestId) => loadAdminRequest(deps.pool, requestId),
    body: (row, t) => ({
      success: true,
      message: t(m.statusChanged),
      request: toAdminRequest(row),
    }),
  })
}
