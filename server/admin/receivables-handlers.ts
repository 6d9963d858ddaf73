import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import {
  createReceivablesQuerySchema,
  type ReceivablesQuery,
} from '../../domain/requests/receivables-query'
import { schemasPerLocale } from '../http/admit-request'
import { answer, invalidFields } from '../http/answers'
import type { AccountEnv } from '../http/require-session'
import { translator } from '../i18n/server-i18n'
import {
  allReceivables,
  listReceivables,
  type ReceivableRow,
  toReceivable,
} from '../payments/receivables-store'
import { csvValueMessages, requestAnswerMessages as m } from '../service-requests/request-messages'
import { nowOf } from '../sessions/clock'
import type { AdminDeps } from './admin-deps'
import { csvStream } from './csv'
import { abortExport, type CellContext, type CsvColumn, csvAnswer } from './csv-exports'
import {
  receivablesCsvHeadings as h,
  receivableDueValues,
  receivableMethodValues,
  receivableStateValues,
} from './receivables-messages'

const querySchemas = schemasPerLocale(createReceivablesQuerySchema)

type Parsed = { ok: true; query: ReceivablesQuery } | { ok: false; response: Response }

/** The receivables' filters from the query string, or 400 with a message per filter. */
function parseReceivablesQuery(c: Context<AccountEnv>): Parsed {
  const parsed = v.safeParse(querySchemas[c.get('locale')], c.req.query())
  if (parsed.success) return { ok: true, query: parsed.output }
  return { ok: false, response: invalidFields(c, parsed.issues, c.get('t')(m.invalidQuery)) }
}

/** `GET /api/v1/admin/receivables`: one page of the filtered instalments, its total and sums. */
export function adminReceivablesHandler(deps: AdminDeps): Handler<AccountEnv> {
  return async (c) => {
    const parsed = parseReceivablesQuery(c)
    if (!parsed.ok) return parsed.response
    const page = await listReceivables(deps.pool, parsed.query, nowOf(deps))
    return answer(c, 'adminReceivables', { success: true, ...page })
  }
}

/** Centavos as pesos with two decimals and no grouping (`1234.50`): what a spreadsheet reads. */
export function pesos(centavos: number): string {
  const sign = centavos < 0 ? '-' : ''
  const whole = Math.abs(centavos)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

const columns: readonly CsvColumn<ReceivableRow>[] = [
  { heading: h.folio, cell: (row) => row.folio },
  { heading: h.requestNumber, cell: (row) => row.request_number ?? '' },
  { heading: h.client, cell: (row) => toReceivable(row).client?.name ?? '' },
  { heading: h.email, cell: (row) => row.client_email ?? '' },
  { heading: h.amount, cell: (row) => pesos(Number(row.amount)) },
  { heading: h.paid, cell: (row) => pesos(Number(row.paid)) },
  { heading: h.balance, cell: (row) => pesos(toReceivable(row).balance) },
  {
    heading: h.state,
    cell: (row, { t }) => {
      const { state } = toReceivable(row)
      return t(receivableStateValues[state])
    },
  },
  {
    heading: h.overdue,
    cell: (row, { t }) => t(row.overdue ? csvValueMessages.yes : csvValueMessages.no),
  },
  // A day in Mexico City (the agency's calendar), or what it waits for.
  {
    heading: h.due,
    cell: (row, { t }) => {
      if (row.due_day !== null) return row.due_day
      return t(
        row.due.on === 'acceptance'
          ? receivableDueValues.acceptance
          : receivableDueValues.delivered,
      )
    },
  },
  { heading: h.lastPaymentOn, cell: (row) => row.last_paid_on ?? '' },
  {
    heading: h.lastPaymentMethod,
    cell: (row, { t }) => {
      const payment = toReceivable(row).lastPayment
      return payment ? t(receivableMethodValues[payment.method]) : ''
    },
  },
]

/**
 * `GET /api/v1/admin/receivables.csv`: every matching instalment, in the list's order, streamed
 * in the agency's language and dialect (csv.ts). Its days are days in Mexico City, the agency's
 * calendar (domain/agency-day.ts), as the list shows them: no time column to convert.
 */
export function adminReceivablesCsvHandler(deps: AdminDeps): Handler<AccountEnv> {
  return (c) => {
    const parsed = parseReceivablesQuery(c)
    if (!parsed.ok) return parsed.response
    const context: CellContext = { t: translator(deps.agencyLocale), timeZone: deps.agencyTimeZone }
    const header = columns.map(({ heading }) => context.t(heading))
    return csvAnswer(
      c,
      'receivables',
      csvStream(
        header,
        allReceivables(deps.pool, parsed.query, nowOf(deps)),
        (row) => columns.map(({ cell }) => cell(row, context)),
        abortExport(c, 'receivables'),
      ),
    )
  }
}
