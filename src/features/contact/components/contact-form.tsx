import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ContactFormField, ContactFormValues } from '../../../../domain/leads/contact-form'
import { contactMaxLengths, messageLength } from '../../../../domain/leads/contact-schema'
import type { BudgetRange } from '../../../../domain/leads/lead-options'
import {
  areaIds,
  areaNames,
  type ServiceId,
  serviceNames,
  servicesInArea,
} from '../../../../domain/services/service-table'
import { formatWholeNumber } from '../../../../domain/whole-number'
import { BudgetField } from '../../../ui/budget-field'
import {
  FieldsForm,
  FormField,
  type FormProps,
  SubmitButton,
  TextAreaField,
  TextField,
  type TextFieldSpec,
} from '../../../ui/form-field'
import { PrivacyLink } from '../../../ui/privacy-link'
import { useHydrated } from '../../../ui/use-hydrated'

export type ContactFormProps = FormProps<ContactFormValues, ContactFormField>

const formName = 'contact'

/** The one-line fields, in form order. */
const textFields: readonly TextFieldSpec<keyof typeof contactMaxLengths & ContactFormField>[] = [
  { name: 'name', label: msg`Your name`, type: 'text', autoComplete: 'name' },
  { name: 'email', label: msg`Email`, type: 'email', autoComplete: 'email' },
  { name: 'phone', label: msg`Phone`, type: 'tel', autoComplete: 'tel', optional: true },
  {
    name: 'company',
    label: msg`Company`,
    type: 'text',
    autoComplete: 'organization',
    optional: true,
  },
]

function readValues(form: HTMLFormElement): ContactFormValues {
  const data = new FormData(form)
  const text = (name: string) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    // Unknown values are the schema's to refuse; the select only offers known ones.
    service: text('service') as ServiceId | '',
    budget: text('budget') as BudgetRange | '',
    message: text('message'),
    consent: data.get('consent') === 'on',
    website: text('website'),
  }
}

/**
 * The contact form's controls: visible labels, autofill tokens, per-field messages linked to
 * their control, the consent linking the privacy notice, and a honeypot that people and
 * assistive technology never meet (off screen, hidden from the accessibility tree, out of the
 * tab order). Validation is the machine's: the browser's own is off.
 */
export function ContactForm(props: ContactFormProps) {
  const { values, errors, busy } = props
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const optional = <Trans>(optional)</Trans>
  const consentErrorId = errors.consent ? `${formName}-consent-error` : undefined

  return (
    <FieldsForm
      {...props}
      className="contact-form"
      read={readValues}
      summary={<Trans>Please check the highlighted fields.</Trans>}
      note={<Trans>All fields are required unless marked optional.</Trans>}
    >
      {textFields.map((spec) => (
        <TextField
          key={spec.name}
          form={formName}
          spec={spec}
          optional={optional}
          error={errors[spec.name]}
          defaultValue={values[spec.name]}
          maxLength={contactMaxLengths[spec.name]}
        />
      ))}
      <FormField
        form={formName}
        name="service"
        label={<Trans>Service of interest</Trans>}
        optional={optional}
        error={errors.service}
      >
        {(control) => (
          <select
            {...control}
            // A service preselected from the address is known only in the browser: the
            // prerendered select shows none, and is replaced once the page has hydrated.
            key={hydrated && values.service !== '' ? 'preselected' : 'initial'}
            defaultValue={hydrated ? values.service : ''}
          >
            <option value="">{t`No particular service`}</option>
            {areaIds.map((area) => (
              <optgroup key={area} label={i18n._(areaNames[area])}>
                {servicesInArea(area).map((service) => (
                  <option key={service.en} value={service.en}>
                    {i18n._(serviceNames[service.en])}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </FormField>
      <BudgetField form={formName} error={errors.budget} defaultValue={values.budget} />
      <TextAreaField
        form={formName}
        name="message"
        label={<Trans>Your message</Trans>}
        hint={
          <Trans>
            What you need, your deadline and anything we should know: {messageLength.min} to{' '}
            {formatWholeNumber(messageLength.max)} characters.
          </Trans>
        }
        error={errors.message}
        rows={7}
        maxLength={messageLength.max}
        defaultValue={values.message}
      />
      <div className={errors.consent ? 'form-check form-field-invalid' : 'form-check'}>
        <input
          id={`${formName}-consent`}
          name="consent"
          type="checkbox"
          required
          defaultChecked={values.consent}
          aria-invalid={Boolean(errors.consent)}
          aria-describedby={consentErrorId}
        />
        <label htmlFor={`${formName}-consent`}>
          <Trans>
            I agree that Puente Digital may contact me about this message, as the{' '}
            <PrivacyLink>privacy notice</PrivacyLink> describes.
          </Trans>
        </label>
        {errors.consent ? (
          <p id={consentErrorId} className="form-error">
            {errors.consent}
          </p>
        ) : null}
      </div>
      {/* The honeypot: only a program filling every field finds it. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor={`${formName}-website`}>
          <Trans>Leave this field empty</Trans>
        </label>
        <input
          id={`${formName}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <SubmitButton busy={busy} busyLabel={<Trans>Sending your message…</Trans>}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </FieldsForm>
  )
}
