import * as v from 'valibot'
import { serviceIds } from '../leads/contact-schema'
import { leadMessages as m } from '../leads/lead-messages'
import { strictObjectMessage, type Translate } from '../registration/registration-schema'
import { requestStatuses } from './request-status'

/**
 * The admin inbox's list filters, as query-string values (all strings): status (requests) or
 * handled (enquiries), service, a date range on creation (YYYY-MM-DD, inclusive), a search on
 * name or email, and the page (25 rows each).
 */
export const adminPageSize = 25

const day = v.union([v.literal(''), v.pipe(v.string(), v.isoDate())])

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
      from: v.optional(day, ''),
      to: v.optional(day, ''),
      q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
      page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)), '1'),
    },
    strictObjectMessage(t),
  )
}

export type AdminListQuery = v.InferOutput<ReturnType<typeof createAdminListQuerySchema>>
export type AdminListQueryInput = v.InferInput<ReturnType<typeof createAdminListQuerySchema>>
