import * as v from 'valibot'
import type { Translate } from '../../domain/forms/translate'
import { strictObjectMessage } from '../../domain/validation/schema-issues'

/** The body of an action that takes no input (`{}`): any key is refused like elsewhere. */
export function createEmptyBodySchema(t: Translate) {
  return v.strictObject({}, strictObjectMessage(t))
}
