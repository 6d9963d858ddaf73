import type { MessageDescriptor } from '@lingui/core'
import type * as v from 'valibot'
import type { FieldErrors } from '../forms/field-errors'
import type { Translate } from '../forms/translate'
import { fieldMessages as m } from './field-messages'

/**
 * Messages for the object itself: not an object, a missing field, an unknown field, in words
 * that fit every path (a query, a message, a profile change …).
 */
export function strictObjectMessage(t: Translate) {
  return objectMessage(t, m.unexpectedField, m.notAnObject)
}

/** The same with a schema's own words for an unknown field and for a body that is no object. */
export function objectMessage(
  t: Translate,
  unknown: MessageDescriptor,
  notAnObject: MessageDescriptor,
) {
  return (issue: v.StrictObjectIssue) => {
    if (issue.expected === 'never') return t(unknown)
    if (issue.expected?.startsWith('"')) return t(m.required)
    return t(notAnObject)
  }
}

/** The first message per field (a field shows one message at a time). */
export function firstIssuePerField(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    const field = typeof key === 'string' ? key : ''
    if (errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/**
 * The first message per field, named by its whole path (`data.results.1.label`): for bodies
 * whose fields nest, where the top-level name alone would not say which one to fix.
 */
export function firstIssuePerPath(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = (issue.path ?? []).map((item) => String(item.key)).join('.')
    if (errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}
