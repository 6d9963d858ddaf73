import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { leadMessages as m } from '../leads/lead-messages'
import { serviceIds } from '../services/service-table'
import { fieldMessages, tooLong } from '../validation/field-messages'
import { strictObjectMessage } from '../validation/schema-issues'
import { requestStatuses } from './request-status'

/**
 * The admin inbox's list filters, as query-string values (all strings): status (requests) or
 * handled and likely spam (enquiries), service, a date range on creation (YYYY-MM-DD,
 * inclusive), a search on name or email (or a request's number), the order (requests: the
 * latest activity first unless `sort=created`) and the page (25 rows each).
 */
export const adminPageSize = 25

/** A YYYY-MM-DD that names a real day (the format alone lets 2026-02-30 through). */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * The years a filter may name. The format allows 0000–9999, but PostgreSQL's `date` has no year
 * 0 (an error mid-query: a 500, or an export cut after its header) and nothing stored predates
 * 1900: refused with the field's own message instead (the format already ends at 9999).
 */
export const filterYears = { min: 1900, max: 9999 } as const

const isFilterYear = (value: string) => {
  const year = Number(value.slice(0, 4))
  return year >= filterYears.min && year <= filterYears.max
}

/** A filter's day: empty, or a real YYYY-MM-DD within `filterYears` (the receivables' range too). */
export function daySchema(t: Translate) {
  const invalid = t(fieldMessages.dateInvalid)
  return v.union(
    [
      v.literal(''),
      v.pipe(
        v.string(),
        v.isoDate(invalid),
        v.check(isCalendarDay, invalid),
        v.check(isFilterYear, t(fieldMessages.dateTooEarly)),
      ),
    ],
    invalid,
  )
}

export function createAdminListQuerySchema(t: Translate) {
  return v.strictObject(
    {
      status: v.optional(
        v.union([v.literal(''), v.picklist(requestStatuses)], t(m.statusInvalid)),
        '',
      ),
      handled: v.optional(v.picklist(['', 'yes', 'no'] as const, t(m.choose)), ''),
      service: v.optional(
        v.union([v.literal(''), v.picklist(serviceIds)], t(m.unknownService)),
        '',
      ),
      from: v.optional(daySchema(t), ''),
      to: v.optional(daySchema(t), ''),
      /** Enquiries: `yes` keeps those sent too fast to be a person's, `no` the others. */
      spam: v.optional(v.picklist(['', 'yes', 'no'] as const, t(m.choose)), ''),
      /** Requests: `created` sorts by creation instead of the latest activity. */
      sort: v.optional(v.picklist(['', 'created'] as const, t(m.choose)), ''),
      /** Requests: `yes` keeps the threads awaiting the agency's reply. */
      awaiting: v.optional(v.picklist(['', 'yes'] as const, t(m.choose)), ''),
      q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, t(tooLong(200)))), ''),
      page: v.optional(
        v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, t(m.pageInvalid)), v.transform(Number)),
        '1',
      ),
    },
    strictObjectMessage(t),
  )
}

export type AdminListQuery = v.InferOutput<ReturnType<typeof createAdminListQuerySchema>>
export type AdminListQueryInput = v.InferInput<ReturnType<typeof createAdminListQuerySchema>>
