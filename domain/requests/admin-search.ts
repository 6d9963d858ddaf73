import { isOneOf } from '../one-of'
import { type PaymentMethod, paymentMethods } from '../payments/payment-methods'
import { type ReceivableStateFilter, receivableStates } from '../payments/receivables'
import { asServiceId, type ServiceId } from '../services/service-table'
import { isRequestStatus, type RequestStatus } from './request-status'

/**
 * The admin inbox's address: which list (service requests by default, or enquiries), its
 * filters, the page and the item open in the detail view. Parsed by hand rather than with the
 * list query's Valibot schema: the route tree parses it in the bundle every page loads, which
 * must not carry Valibot; the address is the visitor's to edit, so anything unknown is dropped
 * instead of refused; and the server validates the query it receives anyway.
 */
export type AdminTab = 'requests' | 'enquiries' | 'receivables'

export type AdminSearch = {
  readonly tab?: 'enquiries' | 'receivables'
  /** Receivables: an instalment state, `overdue` or `open` (ReceivablesQuery). */
  readonly state?: ReceivableStateFilter
  /** Receivables: instalments that received a payment made this way. */
  readonly method?: PaymentMethod
  readonly status?: RequestStatus
  readonly handled?: 'yes' | 'no'
  /** Requests: only the threads whose last public message is the client's. */
  readonly awaiting?: 'yes'
  /** Requests: by creation, newest first, instead of the latest activity first. */
  readonly sort?: 'created'
  /** Enquiries: only those flagged likely spam (`yes`) or only the others (`no`). */
  readonly spam?: 'yes' | 'no'
  readonly service?: ServiceId
  /** YYYY-MM-DD, inclusive: the day created (requests, enquiries) or due (receivables). */
  readonly from?: string
  readonly to?: string
  readonly q?: string
  readonly page?: number
  /** The request or enquiry shown in the detail view. */
  readonly id?: string
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

const isReceivableState = isOneOf(receivableStates)
const isPaymentMethod = isOneOf(paymentMethods)

export function parseAdminSearch(search: Record<string, unknown>): AdminSearch {
  const tab = search.tab === 'enquiries' || search.tab === 'receivables' ? search.tab : undefined
  const enquiries = tab === 'enquiries'
  const receivables = tab === 'receivables'
  const page = Number(search.page)
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : ''
  const id = typeof search.id === 'string' && /^[\w-]{1,64}$/.test(search.id) ? search.id : ''
  const service = asServiceId(search.service)
  return {
    ...(tab ? { tab } : {}),
    ...(!tab && isRequestStatus(search.status) ? { status: search.status } : {}),
    ...(enquiries && (search.handled === 'yes' || search.handled === 'no')
      ? { handled: search.handled }
      : {}),
    ...(!tab && search.awaiting === 'yes' ? { awaiting: 'yes' } : {}),
    ...(!tab && search.sort === 'created' ? { sort: 'created' } : {}),
    ...(enquiries && (search.spam === 'yes' || search.spam === 'no') ? { spam: search.spam } : {}),
    ...(receivables && isReceivableState(search.state) ? { state: search.state } : {}),
    ...(receivables && isPaymentMethod(search.method) ? { method: search.method } : {}),
    ...(service && !receivables ? { service } : {}),
    ...(isDay(search.from) ? { from: search.from } : {}),
    ...(isDay(search.to) ? { to: search.to } : {}),
    ...(q !== '' ? { q } : {}),
    ...(Number.isInteger(page) && page > 1 && page < 1_000_000 ? { page } : {}),
    ...(id !== '' ? { id } : {}),
  }
}

/**
 * The list's query string for the API (`AdminListQuery`, or `ReceivablesQuery` on the
 * receivables' tab), from the address.
 */
export function adminListQuery(search: AdminSearch): Record<string, string> {
  if (search.tab === 'receivables')
    return {
      state: search.state ?? '',
      method: search.method ?? '',
      from: search.from ?? '',
      to: search.to ?? '',
      q: search.q ?? '',
      page: String(search.page ?? 1),
    }
  return {
    ...(search.tab === 'enquiries'
      ? { handled: search.handled ?? '', spam: search.spam ?? '' }
      : {
          status: search.status ?? '',
          awaiting: search.awaiting ?? '',
          sort: search.sort ?? '',
        }),
    service: search.service ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
    q: search.q ?? '',
    page: String(search.page ?? 1),
  }
}

/**
 * How many filters the address applies (the order, the page and the item shown are not
 * filters): the phone's folded "Filters" button says it.
 */
export function activeFilterCount(search: AdminSearch): number {
  const { tab: _tab, sort: _sort, page: _page, id: _id, ...filters } = search
  return Object.keys(filters).length
}

/** How many pages `total` rows make (at least one: an empty list is page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
