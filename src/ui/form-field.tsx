import type { ReactNode } from 'react'
import './form-field.css'

export type FieldProps = {
  /** Prefix of the control's id (the form's name), so two forms on a page never clash. */
  readonly form: string
  readonly name: string
  readonly label: ReactNode
  /** Translated message, or undefined when the field is fine. */
  readonly error: string | undefined
  readonly hint?: ReactNode
  readonly children: (control: {
    id: string
    name: string
    'aria-invalid': boolean
    'aria-describedby': string | undefined
  }) => ReactNode
}

/**
 * One labelled control with its hint and its error, the error linked with aria-describedby
 * (and the control marked aria-invalid) so assistive technology reads it with the field.
 */
export function FormField({ form, name, label, error, hint, children }: FieldProps) {
  const id = `${form}-${name}`
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'form-field form-field-invalid' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
