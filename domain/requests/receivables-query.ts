import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { leadMessages } from '../leads/lead-messages'
import { paymentMethods } from '../payments/payment-methods'
import { receivableStates } from '../payments/receivables'
import { receivablesMessages as m } from '../payments/receivables-messages'
import { tooLong } from '../validation/field-messages'
import { strictObjectMessage } from '../validation/schema-issues'
import { daySchema } from './admin-list-query'

/**
 * The receivables list's filters, as query-string values (all strings, like the inbox's other
 * lists): the state (`receivableStates`: a state, `overdue` or `open`; empty for all), a search
 * (the client's name or email, a folio `PAG-000042` or a request number `pd-2026-42`), a range
 * of due days (YYYY-MM-DD, inclusive, Mexico City), the method of a payment it received, and
 * the page (25 rows each, `adminPageSize`).
 */
export function createReceivablesQuerySchema(t: Translate) {
  return v.strictObject(
    {
      state: v.optional(
        v.union([v.literal(''), v.picklist(receivableStates)], t(m.stateInvalid)),
        '',
      ),
      method: v.optional(
        v.union([v.literal(''), v.picklist(paymentMethods)], t(m.methodInvalid)),
        '',
      ),
      from: v.optional(daySchema(t), ''),
      to: v.optional(daySchema(t), ''),
      q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, t(tooLong(200)))), ''),
      page: v.optional(
        v.pipe(
          v.string(),
          v.regex(/^[1-9]\d{0,5}$/, t(leadMessages.pageInvalid)),
          v.transform(Number),
        ),
        '1',
      ),
    },
    strictObjectMessage(t),
  )
}

export type ReceivablesQuery = v.InferOutput<ReturnType<typeof createReceivablesQuerySchema>>
export type ReceivablesQueryInput = v.InferInput<ReturnType<typeof createReceivablesQuerySchema>>
