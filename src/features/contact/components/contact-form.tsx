import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent, Ref } from 'react'
import type { ContactFormField, ContactFormValues } from '../../../domain/leads/contact-form'
import { contactMaxLengths, messageLength } from '../../../domain/leads/contact-schema'
import { type BudgetRange, budgetLabels, budgetRanges } from '../../../domain/leads/lead-options'
import {
  areaIds,
  areaNames,
  type ServiceId,
  serviceNames,
  servicesInArea,
} from '../../../domain/services/service-table'
import { type FieldProps, FormField as SharedFormField } from '../../../ui/form-field'
import { PrivacyLink } from '../../../ui/privacy-link'
import { useHydrated } from '../../../ui/use-hydrated'

export type ContactFormProps = {
  /** Initial values of the controls (kept after an error or a refusal). */
  readonly values: ContactFormValues
  /** Translated message per field. */
  readonly errors: Partial<Record<ContactFormField, string>>
  /** Shows the summary; its key re-announces it on each refusal. */
  readonly summaryKey: number | undefined
  readonly busy: boolean
  readonly onSubmit: (values: ContactFormValues) => void
  readonly formRef?: Ref<HTMLFormElement>
}

const formName = 'contact'

function FormField(props: Omit<FieldProps, 'form'>) {
  return <SharedFormField form={formName} {...props} />
}

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
export function ContactForm({
  values,
  errors,
  summaryKey,
  busy,
  onSubmit,
  formRef,
}: ContactFormProps) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const optional = (
    <span className="form-optional">
      {' '}
      <Trans>(optional)</Trans>
    </span>
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) onSubmit(readValues(event.currentTarget))
  }
  const consentErrorId = errors.consent ? `${formName}-consent-error` : undefined

  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
    >
      {summaryKey !== undefined ? (
        <p key={summaryKey} role="alert" className="form-summary">
          <Trans>Please correct the fields marked below.</Trans>
        </p>
      ) : null}
      <p className="form-note">
        <Trans>All fields are required unless marked optional.</Trans>
      </p>
      <FormField name="name" label={<Trans>Your name</Trans>} error={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            required
            maxLength={contactMaxLengths.name}
            defaultValue={values.name}
          />
        )}
      </FormField>
      <FormField name="email" label={<Trans>Email</Trans>} error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            required
            spellCheck={false}
            autoCapitalize="off"
            maxLength={contactMaxLengths.email}
            defaultValue={values.email}
          />
        )}
      </FormField>
      <FormField
        name="phone"
        label={
          <>
            <Trans>Phone</Trans>
            {optional}
          </>
        }
        error={errors.phone}
      >
        {(control) => (
          <input
            {...control}
            type="tel"
            autoComplete="tel"
            maxLength={contactMaxLengths.phone}
            defaultValue={values.phone}
          />
        )}
      </FormField>
      <FormField
        name="company"
        label={
          <>
            <Trans>Company</Trans>
            {optional}
          </>
        }
        error={errors.company}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="organization"
            maxLength={contactMaxLengths.company}
            defaultValue={values.company}
          />
        )}
      </FormField>
      <FormField
        name="service"
        label={
          <>
            <Trans>Service of interest</Trans>
            {optional}
          </>
        }
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
      <FormField name="budget" label={<Trans>Budget</Trans>} error={errors.budget}>
        {(control) => (
          <select {...control} required defaultValue={values.budget}>
            <option value="" disabled>
              {t`Choose a budget range`}
            </option>
            {budgetRanges.map((range) => (
              <option key={range} value={range}>
                {i18n._(budgetLabels[range])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="message"
        label={<Trans>Your message</Trans>}
        hint={
          <Trans>
            What you need, your deadline and anything we should know: {messageLength.min} to{' '}
            {i18n.number(messageLength.max)} characters.
          </Trans>
        }
        error={errors.message}
      >
        {(control) => (
          <textarea
            {...control}
            required
            rows={7}
            maxLength={messageLength.max}
            defaultValue={values.message}
          />
        )}
      </FormField>
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
      <p className="actions">
        {/* Disabled until hydrated; afterwards only aria-disabled while busy, so it keeps focus. */}
        <button
          type="submit"
          className="button button-primary"
          {...(hydrated ? { 'aria-disabled': busy } : { disabled: true })}
        >
          {busy ? <Trans>Sending your message…</Trans> : <Trans>Send message</Trans>}
        </button>
      </p>
    </form>
  )
}
