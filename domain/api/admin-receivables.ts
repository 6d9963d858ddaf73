import type { Centavos } from '../money'
import type { InstalmentState } from '../payments/instalment-state'
import type { PaymentMethod } from '../payments/payment-methods'
import type { InstalmentDue } from '../payments/payment-schedule'
import { adminGateFailures, apiPrefix, endpoint } from './endpoint'

/**
 * The agency's receivables: every instalment of every request, as one list of the admin inbox
 * (under the inbox's gate: a session, the admin role, a second factor proved). The query is `ReceivablesQuery` (domain/payments/receivables-query.ts); the order is
 * the overdue first (the longest overdue first), then the rest still owed by due day, then
 * those to come, then the settled.
 */

/** One instalment as the receivables list shows it. */
export type Receivable = {
  readonly id: string
  readonly folio: string
  /** The request it belongs to (null once the request was deleted: the record is kept). */
  readonly request: { readonly id: string; readonly number: string } | null
  readonly client: { readonly name: string; readonly email: string } | null
  readonly amount: Centavos
  readonly paid: Centavos
  /** What is still to pay: amount − paid while owed or to come, 0 once void or refunded. */
  readonly balance: Centavos
  readonly state: InstalmentState
  /** As the plan said: on acceptance, on a status, on a date. */
  readonly due: InstalmentDue
  /** YYYY-MM-DD in Mexico City: its date, or the day it fell due; null while it waits. */
  readonly dueDay: string | null
  /** Owed and its due day before today in Mexico City (domain/payments/receivables.ts). */
  readonly overdue: boolean
  /** The latest payment it received: the day and how (null: none, or only from credit). */
  readonly lastPayment: { readonly paidOn: string; readonly method: PaymentMethod } | null
}

/** One page of the list (the shape of the inbox's `ListPage`) and its sums. */
export type ReceivablesPage = {
  readonly success: true
  readonly items: readonly Receivable[]
  /** Instalments matching the filters, over all pages. */
  readonly total: number
  readonly page: number
  readonly pageSize: number
  /** Σ balance of the matching instalments (over every page of the filter). */
  readonly openBalance: Centavos
  /** Overdue instalments over the whole list, whatever the filters. */
  readonly overdueCount: number
}

export const receivablesEndpoints = {
  adminReceivables: endpoint<never, ReceivablesPage>()({
    method: 'GET',
    path: `${apiPrefix}/admin/receivables`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields'],
  }),
  /** The same filtered list as CSV (every page; step-up, like the inbox's other exports). */
  adminReceivablesCsv: endpoint()({
    method: 'GET',
    path: `${apiPrefix}/admin/receivables.csv`,
    status: 200,
    failures: [...adminGateFailures, 'invalid_fields', 'reauthentication_required'],
  }),
}
