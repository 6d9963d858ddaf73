import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { leadMessages as m } from '../leads/lead-messages'
import { strictObjectMessage } from '../validation/schema-issues'

/** `POST /api/v1/admin/enquiries/:id/handled`: mark an enquiry handled (true) or open again. */
export function createMarkHandledSchema(t: Translate) {
  return v.strictObject({ handled: v.boolean(t(m.choose)) }, strictObjectMessage(t))
}
export type MarkHandledInput = v.InferInput<ReturnType<typeof createMarkHandledSchema>>
