import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent, Ref } from 'react'
import {
  earliestBirthDate,
  genders,
  maxLengths,
  type RegistrationField,
  type RegistrationValues,
  registrationFields,
} from '../../../domain/registration/registration-schema'
import { PrivacyLink } from '../../../ui/privacy-link'
import { useHydrated } from '../../../ui/use-hydrated'
import { FormField } from './form-field'
import {
  accountFields,
  addressFields,
  birthDateField,
  genderLabels,
  genderPlaceholder,
  personFields,
  type TextFieldSpec,
} from './registration-fields'

export type RegistrationFormProps = {
  /** Initial values of the controls (kept across "Try again"). */
  readonly values: RegistrationValues
  /** Translated message per field. */
  readonly errors: Partial<Record<RegistrationField, string>>
  /** Shows "Please fill in all required fields."; its key re-announces it on each refusal. */
  readonly summaryKey: number | undefined
  readonly busy: boolean
  readonly onSubmit: (values: RegistrationValues) => void
  readonly formRef?: Ref<HTMLFormElement>
}

function readValues(form: HTMLFormElement): RegistrationValues {
  const data = new FormData(form)
  const entries = registrationFields.map((field) => {
    const value = data.get(field)
    return [field, typeof value === 'string' ? value : ''] as const
  })
  return Object.fromEntries(entries) as RegistrationValues
}

/**
 * The registration form: controls named after the payload's fields, visible labels, autofill
 * tokens, per-field messages. Validation is the machine's (the browser's own is off, so the
 * messages and the summary are the same in every browser and language).
 */
export function RegistrationForm({
  values,
  errors,
  summaryKey,
  busy,
  onSubmit,
  formRef,
}: RegistrationFormProps) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()

  const textField = (spec: TextFieldSpec) => (
    <FormField
      key={spec.name}
      name={spec.name}
      error={errors[spec.name]}
      label={
        <>
          {i18n._(spec.label)}
          {spec.optional ? (
            <span className="form-optional">
              {' '}
              <Trans>(optional)</Trans>
            </span>
          ) : null}
        </>
      }
      hint={spec.hint ? i18n._(spec.hint) : undefined}
    >
      {(control) => (
        <input
          {...control}
          type={spec.type}
          autoComplete={spec.autoComplete}
          defaultValue={values[spec.name]}
          required={!spec.optional}
          maxLength={spec.type === 'date' ? undefined : maxLengths[spec.name]}
          {...(spec.type === 'date' ? { min: earliestBirthDate } : {})}
          {...(spec.name === 'email' ? { spellCheck: false, autoCapitalize: 'off' } : {})}
        />
      )}
    </FormField>
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) onSubmit(readValues(event.currentTarget))
  }

  return (
    // method="post": should a submit ever happen without our handler, the values do not end up
    // in the URL.
    <form
      ref={formRef}
      className="registration-form"
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
    >
      {summaryKey !== undefined ? (
        <p key={summaryKey} role="alert" className="form-summary">
          <Trans>Please fill in all required fields.</Trans>
        </p>
      ) : null}
      <p className="form-note">
        <Trans>All fields are required unless marked optional.</Trans>
      </p>
      <fieldset>
        <legend>
          <Trans>Your account</Trans>
        </legend>
        {accountFields.map(textField)}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>About you</Trans>
        </legend>
        {personFields.map(textField)}
        <FormField name="gender" label={<Trans>Gender</Trans>} error={errors.gender}>
          {(control) => (
            <select {...control} autoComplete="sex" defaultValue={values.gender} required>
              <option value="" disabled>
                {i18n._(genderPlaceholder)}
              </option>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {i18n._(genderLabels[gender])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {textField(birthDateField)}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Address</Trans>
        </legend>
        {addressFields.map(textField)}
      </fieldset>
      <p className="form-note">
        <Trans>
          How we use and keep your details, and how to see, correct or delete them: our{' '}
          <PrivacyLink>privacy notice</PrivacyLink>.
        </Trans>
      </p>
      <p className="actions">
        {/* Disabled until hydrated; afterwards only aria-disabled while busy, so it keeps focus. */}
        <button
          type="submit"
          className="button button-primary"
          {...(hydrated ? { 'aria-disabled': busy } : { disabled: true })}
        >
          {busy ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </button>
      </p>
    </form>
  )
}
