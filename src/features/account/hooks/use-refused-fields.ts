import { useLingui } from '@lingui/react'
import { type RefObject, useEffect, useMemo, useRef } from 'react'
import * as v from 'valibot'
import type { FieldErrors } from '../../../domain/api/field-errors'
import {
  firstIssuePerField,
  type Translate,
} from '../../../domain/registration/registration-schema'

/**
 * The per-field messages of a submission the machine refused (`refusedSubmissions` counts
 * them), from the same schema the machine's guard checks, in the visitor's language; and a
 * ref for the form, whose first invalid control takes focus at each new refusal.
 */
export function useRefusedFields(
  createSchema: (t: Translate) => v.GenericSchema,
  values: unknown,
  refusedSubmissions: number,
): { readonly errors: FieldErrors; readonly formRef: RefObject<HTMLFormElement | null> } {
  const { _ } = useLingui()
  const errors = useMemo(() => {
    if (refusedSubmissions === 0) return {}
    const result = v.safeParse(
      createSchema((descriptor) => _(descriptor)),
      values,
    )
    return result.success ? {} : firstIssuePerField(result.issues)
  }, [_, createSchema, values, refusedSubmissions])
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusedSubmissions === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedSubmissions])
  return { errors, formRef }
}

/** The text a form's control submitted (empty when absent). */
export function submittedText(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}
