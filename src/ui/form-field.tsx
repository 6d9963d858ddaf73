import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type {
  FormEvent,
  HTMLInputAutoCompleteAttribute,
  HTMLInputTypeAttribute,
  ReactNode,
  Ref,
} from 'react'
import { PasswordInput } from './password-input'
import './form-field.css'

/** What a form component takes from the flow that owns its state. */
export type FormProps<Values, Field extends string> = {
  /** Initial values of the controls (kept after a refusal or an error, across "Try again"). */
  readonly values: Values
  /** Translated message per field. */
  readonly errors: Partial<Record<Field, string>>
  /** Shows the summary; its key re-announces it on each refusal. */
  readonly summaryKey: number | undefined
  readonly busy: boolean
  readonly onSubmit: (values: Values) => void
  readonly formRef?: Ref<HTMLFormElement>
}

/** The attributes that tie a control to its label, hint and error. */
export type FieldControl = {
  id: string
  name: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

export type FieldProps = {
  /** Prefix of the control's id (the form's name), so two forms on a page never clash. */
  readonly form: string
  readonly name: string
  readonly label: ReactNode
  /**
   * The translated "(optional)" of a field that may stay empty, shown after the label (the
   * form's catalog holds it); absent for a required field.
   */
  readonly optional?: ReactNode
  /** Translated message, or undefined when the field is fine. */
  readonly error: string | undefined
  readonly hint?: ReactNode
  readonly children: (control: FieldControl) => ReactNode
}

/**
 * One labelled control with its hint and its error, the error linked with aria-describedby
 * (and the control marked aria-invalid) so assistive technology reads it with the field.
 */
export function FormField({ form, name, label, optional, error, hint, children }: FieldProps) {
  const id = `${form}-${name}`
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'form-field form-field-invalid' : 'form-field'}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="form-optional"> {optional}</span> : null}
      </label>
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

export type ChoiceFieldProps<Choice extends string> = Omit<FieldProps, 'children'> & {
  /** The first option, disabled: it asks for a choice, so none is made for the visitor. */
  readonly prompt: string
  readonly choices: readonly Choice[]
  readonly choiceLabel: (choice: Choice) => string
  /** The chosen value, '' for none (the prompt). */
  readonly defaultValue: string
  readonly autoComplete?: HTMLInputAutoCompleteAttribute
  /** The prompt may be chosen again, to take a choice back (a choice only some answers need). */
  readonly promptSelectable?: boolean
}

/** A choice among a fixed list, in a select; required unless its prompt is selectable. */
export function ChoiceField<Choice extends string>({
  prompt,
  choices,
  choiceLabel,
  defaultValue,
  autoComplete,
  promptSelectable = false,
  ...field
}: ChoiceFieldProps<Choice>) {
  return (
    <FormField {...field}>
      {(control) => (
        <select
          {...control}
          autoComplete={autoComplete}
          required={!promptSelectable}
          defaultValue={defaultValue}
        >
          <option value="" disabled={!promptSelectable}>
            {prompt}
          </option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choiceLabel(choice)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

export type TextAreaFieldProps = Omit<FieldProps, 'children'> & {
  readonly rows: number
  readonly maxLength: number
  readonly defaultValue: string
}

/** A required text of several lines; its hint says how long it may be. */
export function TextAreaField({ rows, maxLength, defaultValue, ...field }: TextAreaFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <textarea
          {...control}
          required
          rows={rows}
          maxLength={maxLength}
          defaultValue={defaultValue}
        />
      )}
    </FormField>
  )
}

/** How a one-line text field is presented: its messages live in the form's catalog. */
export type TextFieldSpec<Name extends string> = {
  readonly name: Name
  readonly label: MessageDescriptor
  readonly type: HTMLInputTypeAttribute
  readonly autoComplete: HTMLInputAutoCompleteAttribute
  readonly hint?: MessageDescriptor
  /** May stay empty: marked after the label, and not required. */
  readonly optional?: boolean
}

/** A one-line text field from its spec; an address is neither spell-checked nor capitalised. */
export function TextField<Name extends string>({
  form,
  spec,
  optional,
  error,
  defaultValue,
  maxLength,
  min,
}: {
  readonly form: string
  readonly spec: TextFieldSpec<Name>
  /** The translated "(optional)", shown when the spec says the field is optional. */
  readonly optional: ReactNode
  readonly error: string | undefined
  readonly defaultValue: string
  readonly maxLength?: number | undefined
  readonly min?: string | undefined
}) {
  const { _ } = useLingui()
  return (
    <FormField
      form={form}
      name={spec.name}
      error={error}
      label={_(spec.label)}
      optional={spec.optional ? optional : undefined}
      hint={spec.hint ? _(spec.hint) : undefined}
    >
      {(control) =>
        spec.type === 'password' ? (
          <PasswordInput
            {...control}
            autoComplete={spec.autoComplete}
            defaultValue={defaultValue}
            required={!spec.optional}
            maxLength={maxLength}
          />
        ) : (
          <input
            {...control}
            type={spec.type}
            autoComplete={spec.autoComplete}
            defaultValue={defaultValue}
            required={!spec.optional}
            maxLength={maxLength}
            min={min}
            {...(spec.type === 'email' ? { spellCheck: false, autoCapitalize: 'off' } : {})}
          />
        )
      }
    </FormField>
  )
}

/**
 * A form whose validation is its machine's (the browser's own is off, so the messages and the
 * summary are the same in every browser and language): on submit, unless busy, it hands over
 * the values it reads from its controls. The summary shows while `summaryKey` is set, and its
 * key re-announces it on each refusal.
 */
export function FieldsForm<Values, Field extends string>({
  className,
  formRef,
  busy,
  read,
  onSubmit,
  summaryKey,
  summary,
  note,
  children,
}: FormProps<Values, Field> & {
  readonly className: string
  readonly read: (form: HTMLFormElement) => Values
  /** Asks to correct the marked fields. */
  readonly summary: ReactNode
  /** Says which fields are required, before the first. */
  readonly note: ReactNode
  readonly children: ReactNode
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) onSubmit(read(event.currentTarget))
  }
  return (
    // method="post": should a submit ever happen without our handler, the values do not end up
    // in the URL.
    <form
      ref={formRef}
      className={className}
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
    >
      {summaryKey !== undefined ? (
        <p key={summaryKey} role="alert" className="form-summary">
          {summary}
        </p>
      ) : null}
      <p className="form-note">{note}</p>
      {children}
    </form>
  )
}

/**
 * The form's submit button: never `disabled`, only aria-disabled while busy, so it keeps focus.
 * Before the page is live it is a plain submit button too: a click then sends the form, which
 * the early-input script holds back (index.html) and the app sends again through its machine
 * once it listens (src/hydration/early-clicks.ts, docs/decisions/068): the visitor's first
 * click is kept, not lost on a disabled button.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  readonly busy: boolean
  readonly busyLabel: ReactNode
  readonly children: ReactNode
}) {
  return (
    <p className="actions">
      <button type="submit" className="button button-primary" aria-disabled={busy}>
        {busy ? busyLabel : children}
      </button>
    </p>
  )
}
