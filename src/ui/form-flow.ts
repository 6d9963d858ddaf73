import { useLingui } from '@lingui/react'
import { type RefObject, useEffect, useMemo, useRef } from 'react'
import type * as v from 'valibot'
import { firstIssuePerField, type Translate } from '../domain/registration/registration-schema'

/**
 * A form's message per field: the server's, then (once a submission has been refused) the first
 * issue per field of the submitted values checked again in the current language, so switching
 * language re-translates them. Messages for anything but the form's fields are left out.
 */
export function fieldMessages<Field extends string>(
  fields: readonly Field[],
  fromServer: Partial<Record<string, string>>,
  issues: readonly v.BaseIssue<unknown>[] | undefined,
): Partial<Record<Field, string>> {
  const only = (errors: Partial<Record<string, string>>) => {
    const result: Partial<Record<Field, string>> = {}
    for (const field of fields) {
      const message = errors[field]
      if (message) result[field] = message
    }
    return result
  }
  return issues ? { ...only(fromServer), ...only(firstIssuePerField(issues)) } : only(fromServer)
}

/** What a form machine's context tells of the last submission. */
export type SubmissionContext<Values> = {
  readonly values: Values
  readonly refusedSubmissions: number
  readonly serverFieldErrors: Partial<Record<string, string>>
}

/**
 * The form's messages per field (see `fieldMessages`): `check` validates the submitted values
 * with the schema in the given language and answers its issues (undefined when valid). A new
 * `check` re-checks, so one that depends on more than the values is memoised on it.
 */
export function useFieldMessages<Values, Field extends string>(
  fields: readonly Field[],
  { values, refusedSubmissions, serverFieldErrors }: SubmissionContext<Values>,
  check: (values: Values, translate: Translate) => readonly v.BaseIssue<unknown>[] | undefined,
): Partial<Record<Field, string>> {
  // `_` is a new function whenever the language changes: the messages follow it.
  const { _ } = useLingui()
  return useMemo(
    () =>
      fieldMessages(
        fields,
        serverFieldErrors,
        refusedSubmissions === 0 ? undefined : check(values, (descriptor) => _(descriptor)),
      ),
    [_, fields, values, refusedSubmissions, serverFieldErrors, check],
  )
}

/**
 * Focus in a form flow: the first invalid control after each refused submission; on a change of
 * view, the form's first control (`firstControl`, a selector) back on the form, else the
 * outcome's heading.
 */
export function useFormFocus({
  formRef,
  outcomeRef,
  view,
  refusedSubmissions,
  firstControl,
}: {
  readonly formRef: RefObject<HTMLFormElement | null>
  readonly outcomeRef: RefObject<HTMLElement | null>
  /** 'form' while the form shows, else the outcome's name. */
  readonly view: string
  readonly refusedSubmissions: number
  readonly firstControl: string
}) {
  const previousView = useRef(view)

  useEffect(() => {
    if (refusedSubmissions > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [formRef, refusedSubmissions])

  useEffect(() => {
    if (previousView.current === view) return
    previousView.current = view
    if (view === 'form') formRef.current?.querySelector<HTMLElement>(firstControl)?.focus()
    else outcomeRef.current?.focus()
  }, [formRef, outcomeRef, view, firstControl])
}
