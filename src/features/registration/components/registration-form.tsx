import { Trans, useLingui } from '@lingui/react/macro'
import {
  earliestBirthDate,
  genders,
  maxLengths,
  type RegistrationField,
  type RegistrationValues,
  registrationFields,
} from '../../../../domain/registration/registration-schema'
import { CountryField, StateField } from '../../../ui/address/address-fields'
import {
  ChoiceField,
  FieldsForm,
  type FormProps,
  SubmitButton,
  TextField,
} from '../../../ui/form-field'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import { PrivacyLink } from '../../../ui/privacy-link'
import { formName } from './form-field'
import {
  accountFields,
  addressFields,
  birthDateField,
  genderLabels,
  genderPlaceholder,
  personFields,
  type RegistrationTextField,
} from './registration-fields'

export type RegistrationFormProps = FormProps<RegistrationValues, RegistrationField>

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
 * Each fieldset hydrates in a task of its own (docs/decisions/024): the whole form at once was
 * the page's longest start-up task.
 */
export function RegistrationForm(props: RegistrationFormProps) {
  const { values, errors, busy } = props
  const { i18n } = useLingui()
  const textField = (spec: RegistrationTextField) => (
    <TextField
      key={spec.name}
      form={formName}
      spec={spec}
      optional={<Trans>(optional)</Trans>}
      error={errors[spec.name]}
      defaultValue={values[spec.name]}
      maxLength={spec.type === 'date' ? undefined : maxLengths[spec.name]}
      min={spec.type === 'date' ? earliestBirthDate : undefined}
    />
  )

  return (
    <FieldsForm
      {...props}
      className="registration-form"
      read={readValues}
      summary={<Trans>Please check the highlighted fields.</Trans>}
      note={<Trans>All fields are required unless marked optional.</Trans>}
    >
      <HydrateInTurn>
        <fieldset className="form-group">
          <legend>
            <Trans>Your account</Trans>
          </legend>
          {accountFields.map(textField)}
        </fieldset>
      </HydrateInTurn>
      <HydrateInTurn>
        <fieldset className="form-group">
          <legend>
            <Trans>About you</Trans>
          </legend>
          {personFields.map(textField)}
          <ChoiceField
            form={formName}
            name="gender"
            label={<Trans>Gender</Trans>}
            error={errors.gender}
            prompt={i18n._(genderPlaceholder)}
            choices={genders}
            choiceLabel={(gender) => i18n._(genderLabels[gender])}
            defaultValue={values.gender}
            autoComplete="sex"
          />
          {textField(birthDateField)}
        </fieldset>
      </HydrateInTurn>
      <HydrateInTurn>
        <fieldset className="form-group">
          <legend>
            <Trans>Address</Trans>
          </legend>
          {addressFields.map(textField)}
          <StateField form={formName} error={errors.state} defaultValue={values.state} />
          <CountryField form={formName} error={errors.country} defaultValue={values.country} />
        </fieldset>
      </HydrateInTurn>
      <p className="form-note">
        <Trans>
          How we use and keep your details, and how to see, correct or delete them: our{' '}
          <PrivacyLink>privacy notice</PrivacyLink>.
        </Trans>
      </p>
      <SubmitButton busy={busy} busyLabel={<Trans>Creating your account…</Trans>}>
        <Trans>Create account</Trans>
      </SubmitButton>
    </FieldsForm>
  )
}
