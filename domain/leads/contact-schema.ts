import * as v from 'valibot'
import type { Translate } from '../forms/translate'
import { serviceIds } from '../services/service-table'
import { fieldMessages, tooLong } from '../validation/field-messages'
import {
  emailSchema,
  isStorableText,
  optionalTextSchema,
  phoneShape,
  requiredTextSchema,
} from '../validation/field-rules'
import { strictObjectMessage } from '../validation/schema-issues'
import { leadMessages as m } from './lead-messages'
import { budgetRanges } from './lead-options'

/**
 * The contact form's payload (`POST /api/v1/contact`): one schema for the form and the API.
 * `website` is a honeypot people never see and `elapsedMs` is how long the form was open: the
 * server accepts and silently drops a message that fills the first or comes faster than
 * `minimumFillMs`, so a bot learns nothing from the answer.
 */
export const contactMaxLengths = {
  name: 100,
  email: 254,
  phone: 20,
  company: 120,
  message: 5000,
} as const

export const messageLength = { min: 20, max: contactMaxLengths.message } as const

/** Faster than this, nobody typed the form: the message is accepted and dropped. */
export const minimumFillMs = 3000

const codePoints = (text: string) => [...text].length

/**
 * A free text of `min`–`max` code points (a message, a brief). Unlike a one-line field it keeps
 * line breaks and tabs (a message has paragraphs); Windows line ends become `\n`, and every other
 * character a text field refuses is still refused.
 */
export function longTextSchema(t: Translate, min: number, max: number) {
  return v.pipe(
    v.string(t(fieldMessages.mustBeText)),
    v.transform((value) => value.replace(/\r\n?/g, '\n')),
    v.trim(),
    v.nonEmpty(t(fieldMessages.required)),
    v.check((value) => codePoints(value) <= max, t(tooLong(max))),
    v.check(
      (value) => isStorableText(value.replace(/[\n\t]/g, ' ')),
      t(fieldMessages.invisibleCharacters),
    ),
    v.check((value) => codePoints(value) >= min, t(m.messageTooShort)),
  )
}

/** A service id from the service table, or '' for none. */
export function optionalServiceSchema(t: Translate) {
  return v.union([v.literal(''), v.picklist(serviceIds)], t(m.unknownService))
}

export function createContactSchema(t: Translate) {
  return v.strictObject(
    {
      name: requiredTextSchema(t, contactMaxLengths.name),
      email: emailSchema(t),
      phone: v.optional(
        v.union(
          [v.literal(''), v.pipe(optionalTextSchema(t, contactMaxLengths.phone), phoneShape(t))],
          t(fieldMessages.phoneInvalid),
        ),
        '',
      ),
      company: v.optional(optionalTextSchema(t, contactMaxLengths.company), ''),
      service: v.optional(optionalServiceSchema(t), ''),
      budget: v.picklist(budgetRanges, t(m.choose)),
      message: longTextSchema(t, messageLength.min, messageLength.max),
      consent: v.literal(true, t(m.consentRequired)),
      website: v.optional(v.string(), ''),
      elapsedMs: v.optional(v.number(), 0),
    },
    strictObjectMessage(t),
  )
}

export type ContactInput = v.InferInput<ReturnType<typeof createContactSchema>>
export type ContactValues = v.InferOutput<ReturnType<typeof createContactSchema>>
