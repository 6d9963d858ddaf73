import type { MessageDescriptor } from '@lingui/core'
import type { Context, Handler } from 'hono'
import { endpoints } from '../../domain/api/api-contract'
import type { Translate } from '../../domain/forms/translate'
import { desiredStartLabels, desiredStarts } from '../../domain/leads/lead-options'
import type { AdminListQuery } from '../../domain/requests/admin-list-query'
import { isRequestStatus, requestStatusLabels } from '../../domain/requests/request-status'
import type { AccountEnv } from '../http/require-session'
import { translator } from '../i18n/server-i18n'
import { budgetLabel, languageLabel, serviceLabel } from '../i18n/stored-labels'
import { localDateTime } from '../i18n/time-zone'
import { describeError } from '../log/describe-error'
import { csvValueMessages, csvHeaderMessages as h } from '../service-requests/request-messages'
import type { AdminDeps } from './admin-deps'
import { parseQuery } from './admin-handlers'
import {
  allEnquiries,
  allRequestsForExport,
  type EnquiryRow,
  type RequestExportRow,
} from './admin-lists'
import { csvStream } from './csv'

/** The Node request under a Hono context (@hono/node-server's bindings). */
type NodeBindings = { incoming?: { socket?: { destroy(): void } } }

type ExportName = 'enquiries' | 'service-requests' | 'receivables'

/** What a cell needs besides its row: the language and the agency's clock. */
export type CellContext = { readonly t: Translate; readonly timeZone: string }

/**
 * One column of an export: its heading and its cell of a row. A time column's heading names
 * the zone its cells are in (`Created (America/Mexico_City)`), so every cell stays a plain
 * date and time a spreadsheet recognises.
 */
export type CsvColumn<Row> = {
  readonly heading: MessageDescriptor
  readonly time?: true
  readonly cell: (row: Row, context: CellContext) => string
}

const yesNo = (t: Translate, value: boolean) =>
  t(value ? csvValueMessages.yes : csvValueMessages.no)
const timeColumn = <Row>(
  heading: MessageDescriptor,
  at: (row: Row) => Date | null,
): CsvColumn<Row> => ({
  heading,
  time: true,
  cell: (row, { timeZone }) => {
    const value = at(row)
    return value ? localDateTime(value, timeZone) : ''
  },
})

export function csvAnswer(
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
export function abortExport(c: Context<AccountEnv>, name: ExportName): (error: unknown) => boolean {
  return (error) => {
    c.get('log').error({ event: 'admin.export_failed', export: name, error: describeError(error) })
    const socket = (c.env as NodeBindings | undefined)?.incoming?.socket
    if (!socket) return false
    socket.destroy()
    return true
  }
}

/**
 * A CSV export: every row of the filtered list, streamed, in the agency's language
 * (AGENCY_LANGUAGE: the file is the team's, shared and archived, whoever downloads it) with its
 * times on the agency's clock (AGENCY_TIME_ZONE).
 */
function csvExportHandler<Row>(
  deps: AdminDeps,
  name: ExportName,
  rows: (pool: AdminDeps['pool'], query: AdminListQuery) => AsyncGenerator<Row[]>,
  columns: readonly CsvColumn<Row>[],
): Handler<AccountEnv> {
  return (c) => {
    const parsed = parseQuery(c)
    if (!parsed.ok) return parsed.response
    const context: CellContext = { t: translator(deps.agencyLocale), timeZone: deps.agencyTimeZone }
    const header = columns.map(({ heading, time }) =>
      time ? `${context.t(heading)} (${context.timeZone})` : context.t(heading),
    )
    const cells = (row: Row) => columns.map(({ cell }) => cell(row, context))
    return csvAnswer(
      c,
      name,
      csvStream(header, rows(deps.pool, parsed.query), cells, abortExport(c, name)),
    )
  }
}

/** `GET /api/v1/admin/enquiries.csv`. */
export function adminEnquiriesCsvHandler(deps: AdminDeps): Handler<AccountEnv> {
  return csvExportHandler<EnquiryRow>(deps, 'enquiries', allEnquiries, [
    { heading: h.id, cell: (row) => row.id },
    timeColumn(h.createdAt, (row) => row.created_at),
    { heading: h.name, cell: (row) => row.name },
    { heading: h.email, cell: (row) => row.email },
    { heading: h.phone, cell: (row) => row.phone },
    { heading: h.company, cell: (row) => row.company },
    { heading: h.service, cell: (row, { t }) => serviceLabel(t, row.service_id) ?? '' },
    { heading: h.budget, cell: (row, { t }) => budgetLabel(t, row.budget) },
    { heading: h.language, cell: (row, { t }) => languageLabel(t, row.locale) },
    { heading: h.handled, cell: (row, { t }) => yesNo(t, row.handled_at !== null) },
    { heading: h.likelySpam, cell: (row, { t }) => yesNo(t, row.likely_spam) },
    { heading: h.message, cell: (row) => row.message },
  ])
}

/** `GET /api/v1/admin/service-requests.csv`. */
export function adminServiceRequestsCsvHandler(deps: AdminDeps): Handler<AccountEnv> {
  return csvExportHandler<RequestExportRow>(deps, 'service-requests', allRequestsForExport, [
    { heading: h.id, cell: (row) => row.id },
    { heading: h.number, cell: (row) => row.number },
    timeColumn(h.createdAt, (row) => row.created_at),
    timeColumn(h.updatedAt, (row) => row.updated_at),
    {
      heading: h.status,
      cell: (row, { t }) =>
        isRequestStatus(row.status) ? t(requestStatusLabels[row.status]) : row.status,
    },
    { heading: h.service, cell: (row, { t }) => serviceLabel(t, row.service_id) ?? '' },
    { heading: h.name, cell: (row) => `${row.client_name} ${row.client_last_name}` },
    { heading: h.email, cell: (row) => row.client_email },
    { heading: h.phone, cell: (row) => row.client_phone },
    { heading: h.language, cell: (row, { t }) => languageLabel(t, row.client_locale) },
    {
      heading: h.desiredStart,
      cell: (row, { t }) => {
        const start = desiredStarts.find((known) => known === row.desired_start)
        return start ? t(desiredStartLabels[start]) : row.desired_start
      },
    },
    { heading: h.budget, cell: (row, { t }) => budgetLabel(t, row.budget) },
    { heading: h.need, cell: (row) => row.need },
    // The history is oldest first: the last note written on a status change.
    {
      heading: h.latestNote,
      cell: (row) => row.history.findLast((entry) => entry.note !== '')?.note ?? '',
    },
  ])
}
