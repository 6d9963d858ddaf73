import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { longTextSchema } from '../leads/contact-schema'
import { leadMessages as m } from '../leads/lead-messages'
import { budgetRanges, desiredStarts } from '../leads/lead-options'
import { serviceIds } from '../services/service-table'
import { optionalTextSchema } from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { requestStatuses } from './request-status'

/** Bounds of a request's texts, in code points. */
export const briefLength = { min: 20, max: 5000 } as const
export const noteMaxLength = 2000

/** `POST /api/v1/me/service-requests`: the client's short brief. */
export function createServiceRequestSchema(t: Translate) {
  return v.strictObject(
    {
      serviceId: v.picklist(serviceIds, t(m.unknownService)),
      need: longTextSchema(t, briefLength.min, briefLength.max),
      desiredStart: v.picklist(desiredStarts, t(m.choose)),
      budget: v.picklist(budgetRanges, t(m.choose)),
    },
    strictObjectMessage(t),
  )
}
export type ServiceRequestInput = v.InferInput<ReturnType<typeof createServiceRequestSchema>>

/** `POST /api/v1/me/service-requests/:id/withdraw` (client) takes an optional note. */
export function createWithdrawSchema(t: Translate) {
  return v.strictObject(
    { note: v.optional(optionalTextSchema(t, noteMaxLength), '') },
    strictObjectMessage(t),
  )
}

/** `POST /api/v1/admin/service-requests/:id/status`: the new status and a note for the client. */
export function createStatusChangeSchema(t: Translate) {
  return v.strictObject(
    {
      to: v.picklist(requestStatuses, t(m.statusInvalid)),
      note: v.optional(optionalTextSchema(t, noteMaxLength), ''),
    },
    strictObjectMessage(t),
  )
}
export type StatusChangeInput = v.InferInput<ReturnType<typeof createStatusChangeSchema>>
