import { useLingui } from '@lingui/react'
import { type RefObject, useEffect, useMemo, useRef } from 'react'
import * as v from 'valibot'
import type { FieldErrors } from '../../domain/forms/field-errors'
import type { Translate } from '../../domain/forms/translate'
import { firstIssuePerField } from '../../domain/validation/schema-issues'

/**
 * The view's side of a form machine (machines/form-flow.ts): the refused fields' messages,
 * focus on the first invalid control at each refusal, and focus following what the flow shows.
 */

/** What a form machine's context tells of the last submission. */
export type RefusedFieldsOptions<Values, Field extends string> = {
  /** The schema the machine's guard checks, built in a language. */
  readonly schema: (translate: Translate) => v.GenericSchema
  /** The values last submitted (the machine's context). */
  readonly values: Values
  /** The machine's count of refused submissions: messages show once it is > 0. */
  readonly refusedSubmissions: number
  /** Per-field messages of the server's 400, shown under the schema's own. */
  readonly serverFieldErrors?: FieldErrors
  /** What the schema checks, when it is more than the values (memoise it with them). */
  readonly payload?: (values: Values) => unknown
  /** The form's fields: messages for anything else are left out. */
  readonly fields?: readonly Field[]
}

/**
 * A form's message per field: the server's, then (once a submission has been refused) the
 * first issue per field of the submitted values checked again with the schema in the visitor's
 * language, so switching language re-translates them. Also a ref for the form, whose first
 * invalid control takes focus at each new refusal. `schema` and `payload` are read whenever
 * they change: pass stable functions.
 */
export function useRefusedFields<Values, Field extends string = string>({
  schema,
  values,
  refusedSubmissions,
  serverFieldErrors,
  payload,
  fields,
}: RefusedFieldsOptions<Values, Field>): {
  readonly errors: Partial<Record<Field, string>>
  readonly formRef: RefObject<HTMLFormElement | null>
} {
  // `_` is a new function whenever the language changes: the messages follow it.
  const { _ } = useLingui()
  const errors = useMemo(() => {
    const only = (messages: FieldErrors): Partial<Record<Field, string>> => {
      if (!fields) return messages as Partial<Record<Field, string>>
      const result: Partial<Record<Field, string>> = {}
      for (const field of fields) {
        const message = messages[field]
        if (message) result[field] = message
      }
      return result
    }
    const fromServer = only(serverFieldErrors ?? {})
    if (refusedSubmissions === 0) return fromServer
    const checked = v.safeParse(
      schema((descriptor) => _(descriptor)),
      payload ? payload(values) : values,
    )
    return checked.success
      ? fromServer
      : { ...fromServer, ...only(firstIssuePerField(checked.issues)) }
  }, [_, schema, payload, fields, values, refusedSubmissions, serverFieldErrors])

  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusedSubmissions > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedSubmissions])
  return { errors, formRef }
}

/**
 * Moves focus when a flow changes what it shows (`view`): `target(view, from)` picks the
 * element, so a screen reader hears the answer and the keyboard stays where the visitor
 * works. Nothing moves on the first render or while the view stays the same.
 */
export function useFocusOnView(
  view: string,
  target: (view: string, from: string) => HTMLElement | null | undefined,
): void {
  const previous = useRef(view)
  const pick = useRef(target)
  pick.current = target
  useEffect(() => {
    if (previous.current === view) return
    const from = previous.current
    previous.current = view
    pick.current(view, from)?.focus()
  }, [view])
}

/** The text a form's control submitted (empty when absent). */
export function submittedText(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}
