import type { MessageDescriptor } from '@lingui/core'
import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import { endpoints } from '../../src/domain/api/api-contract'
import type { Translate } from '../../src/domain/forms/translate'
import {
  budgetLabels,
  budgetRanges,
  desiredStartLabels,
  desiredStarts,
} from '../../src/domain/leads/lead-options'
import {
  type AdminListQuery,
  createAdminListQuerySchema,
} from '../../src/domain/requests/admin-list-query'
import { createMarkHandledSchema } from '../../src/domain/requests/handled-schema'
import { createStatusChangeSchema } from '../../src/domain/requests/request-schemas'
import { isRequestStatus, requestStatusLabels } from '../../src/domain/requests/request-status'
import { asServiceId, serviceNames } from '../../src/domain/services/service-table'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, failure, invalidFields } from '../http/answers'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { describeError } from '../log/describe-error'
import { securityEvent } from '../log/security-event'
import { threadStates } from '../messages/thread-store'
import { proposalFigures, requestsAwaitingAnswer } from '../proposals/proposal-store'
import { requestMailKinds } from '../service-requests/request-mail-kinds'
import {
  csvHeaderMessages as h,
  requestAnswerMessages as m,
} from '../service-requests/request-messages'
import { requestStatusChangeHandler } from '../service-requests/request-status-change'
import {
  type AdminRequestRow,
  loadAdminRequest,
  toAdminRequest,
} from '../service-requests/request-store'
import { nowOf } from '../sessions/clock'
import {
  allEnquiries,
  allRequests,
  type EnquiryRow,
  listEnquiries,
  listRequests,
  loadEnquiry,
  markEnquiry,
  toEnquiry,
} from './admin-lists'
import { csvStream } from './csv'

const querySchemas = schemasPerLocale(createAdminListQuerySchema)

/** The Node request under a Hono context (@hono/node-server's bindings). */
type NodeBindings = { incoming?: { socket?: { destroy(): void } } }

type Parsed = { ok: true; query: AdminListQuery } | { ok: false; response: Response }

/** The list filters from the query string, or 400 with a message per filter. */
function parseQuery(c: Context<AccountEnv>): Parsed {
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
    const items = page.items.map((item) => ({
      ...item,
      newMessages: states.get(item.id)?.newMessages ?? 0,
      awaitingReply: states.get(item.id)?.awaitingReply ?? false,
      proposalAwaitingAnswer: awaiting.has(item.id),
    }))
    return answer(c, 'adminServiceRequests', {
      success: true,
      ...page,
      items,
      proposals: await proposalFigures(deps.pool, now),
    })
  }
}

const serviceLabel = (t: Translate, id: string | null) => {
  const service = asServiceId(id)
  return service ? t(serviceNames[service]) : ''
}
const budgetLabel = (t: Translate, value: string) => {
  const budget = budgetRanges.find((known) => known === value)
  return budget ? t(budgetLabels[budget]) : value
}
const iso = (value: Date | null) => (value ? value.toISOString() : '')

type ExportName = 'enquiries' | 'service-requests'

function csvAnswer(
  c: Context<AccountEnv>,
  name: ExportName,
  body: ReadableStream<Uint8Array>,
): Response {
  const day = new Date().toISOString().slice(0, 10)
  c.header('Content-Type', 'text/csv; charset=utf-8')
  c.header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
  return c.body(body, endpoints.adminEnquiriesCsv.status)
}

/**
 * What an export does when a batch fails after the answer started: the error goes to the log
 * (described, never a raw driver error on stderr) and the connection is broken (csv.ts says
 * why); answers whether there was a connection to break.
 */
function abortExport(c: Context<AccountEnv>, name: ExportName): (error: unknown) => boolean {
  return (error) => {
    c.get('log').error({ event: 'admin.export_failed', export: name, error: describeError(error) })
    const socket = (c.env as NodeBindings | undefined)?.incoming?.socket
    if (!socket) return false
    socket.destroy()
    return true
  }
}

/** One column of an export: its translated heading and its cell of a row. */
type CsvColumn<Row> = readonly [MessageDescriptor, (row: Row, t: Translate) => string]

/** A CSV export: every row of the filtered list, streamed, in the asker's language. */
function csvExportHandler<Row>(
  deps: AgencyDeps,
  name: ExportName,
  rows: (pool: AgencyDeps['pool'], query: AdminListQuery) => AsyncGenerator<Row[]>,
  columns: readonly CsvColumn<Row>[],
): Handler<AccountEnv> {
  return (c) => {
    const parsed = parseQuery(c)
    if (!parsed.ok) return parsed.response
    const t = c.get('t')
    const header = columns.map(([heading]) => t(heading))
    const cells = (row: Row) => columns.map(([, cell]) => cell(row, t))
    return csvAnswer(
      c,
      name,
      csvStream(header, rows(deps.pool, parsed.query), cells, abortExport(c, name)),
    )
  }
}

/** `GET /api/v1/admin/enquiries.csv`. */
export function adminEnquiriesCsvHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return csvExportHandler<EnquiryRow>(deps, 'enquiries', allEnquiries, [
    [h.id, (row) => row.id],
    [h.createdAt, (row) => iso(row.created_at)],
    [h.name, (row) => row.name],
    [h.email, (row) => row.email],
    [h.phone, (row) => row.phone],
    [h.company, (row) => row.company],
    [h.service, (row, t) => serviceLabel(t, row.service_id)],
    [h.budget, (row, t) => budgetLabel(t, row.budget)],
    [h.language, (row) => row.locale],
    [h.handledAt, (row) => iso(row.handled_at)],
    [h.message, (row) => row.message],
  ])
}

/** `GET /api/v1/admin/service-requests.csv`. */
export function adminServiceRequestsCsvHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return csvExportHandler<AdminRequestRow>(deps, 'service-requests', allRequests, [
    [h.id, (row) => row.id],
    [h.createdAt, (row) => iso(row.created_at)],
    [h.updatedAt, (row) => iso(row.updated_at)],
    [
      h.status,
      (row, t) => (isRequestStatus(row.status) ? t(requestStatusLabels[row.status]) : row.status),
    ],
    [h.service, (row, t) => serviceLabel(t, row.service_id)],
    [h.name, (row) => `${row.client_name} ${row.client_last_name}`],
    [h.email, (row) => row.client_email],
    [h.language, (row) => row.client_locale],
    [
      h.desiredStart,
      (row, t) => {
        const start = desiredStarts.find((known) => known === row.desired_start)
        return start ? t(desiredStartLabels[start]) : row.desired_start
      },
    ],
    [h.budget, (row, t) => budgetLabel(t, row.budget)],
    [h.need, (row) => row.need],
  ])
}

/** `GET /api/v1/admin/enquiries/:id`. */
export function adminEnquiryHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const row = await loadEnquiry(deps.pool, c.req.param('id') ?? '')
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
    const row = await markEnquiry(deps.pool, c.req.param('id') ?? '', handled, user.id)
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
    const row = await loadAdminRequest(deps.pool, c.req.param('id') ?? '')
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
