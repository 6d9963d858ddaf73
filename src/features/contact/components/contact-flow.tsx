import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { agency } from '../../../../domain/agency'
import {
  type ContactFormValues,
  contactFormFields,
  contactPayload,
} from '../../../../domain/leads/contact-form'
import { createContactSchema } from '../../../../domain/leads/contact-schema'
import { mailtoHref } from '../../../../domain/mailto'
import type { ServiceId } from '../../../../domain/services/service-table'
import { contactFormMachine } from '../../../../machines/contact-form-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { RetryButton } from '../../../ui/retry-button'
import { ContactForm } from './contact-form'
import './contact.css'

/** The address offered when the form cannot send (written into the message as a placeholder). */
const agencyEmail = agency.email

// The submitted values as the schema checks them (the fill time is the server's to judge).
const checkedPayload = (values: ContactFormValues) => contactPayload(values, 0)

/**
 * The contact form on screen: the contactForm machine with the real call as its actor, the form
 * or the outcome of the current state, the fill time measured from the form's first render, and
 * focus (the first invalid field after a refusal, the outcome's heading after an answer).
 */
export function ContactFlow({ service }: { readonly service: ServiceId | '' }) {
  // The fill time runs from the form's first render to the moment it is sent.
  const [shownAt] = useState(() => performance.now())
  const [machine] = useState(() =>
    contactFormMachine.provide({
      actors: {
        sendEnquiry: fromPromise(({ input }) =>
          callEndpoint('contact', contactPayload(input, performance.now() - shownAt)),
        ),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, { ...inspectorOptions, input: { service } })
  const { values, refusedSubmissions, serverFieldErrors, message } = snapshot.context

  const { errors, formRef } = useRefusedFields({
    schema: createContactSchema,
    payload: checkedPayload,
    fields: contactFormFields,
    values,
    refusedSubmissions,
    serverFieldErrors,
  })

  const outcomeRef = useRef<HTMLHeadingElement>(null)
  const onForm = snapshot.matches('editing') || snapshot.matches('submitting')
  useFocusOnView(onForm ? 'form' : String(snapshot.value), (view) =>
    view === 'form'
      ? formRef.current?.querySelector<HTMLElement>('input, select')
      : outcomeRef.current,
  )

  if (onForm) {
    return (
      <ContactForm
        formRef={formRef}
        values={values}
        errors={errors}
        summaryKey={
          refusedSubmissions > 0 && Object.keys(errors).length > 0 ? refusedSubmissions : undefined
        }
        busy={snapshot.matches('submitting')}
        onSubmit={(submitted: ContactFormValues) => send({ type: 'submit', values: submitted })}
      />
    )
  }
  if (snapshot.matches('sent')) {
    return (
      <section className="contact-outcome">
        <h2 ref={outcomeRef} tabIndex={-1}>
          {message ?? <Trans>Thank you! We have your message.</Trans>}
        </h2>
        <p>
          <Trans>We sent a confirmation to {values.email.trim()}.</Trans>
        </p>
      </section>
    )
  }
  const limited = snapshot.matches('rateLimited')
  return (
    <section className="contact-outcome contact-outcome-bad">
      <h2 ref={outcomeRef} tabIndex={-1}>
        {limited ? (
          <Trans>You have sent several messages in a short time.</Trans>
        ) : (
          <Trans>Your message could not be sent.</Trans>
        )}
      </h2>
      <p>
        {message ??
          (limited ? (
            <Trans>Please wait a while, then try again.</Trans>
          ) : (
            <Trans>Please try again in a moment.</Trans>
          ))}
      </p>
      <p>
        <Trans>
          Your message is kept: “Try again” brings it back. You can also write to us at{' '}
          <a href={mailtoHref(agency.email)}>{agencyEmail}</a>.
        </Trans>
      </p>
      <p className="actions">
        <RetryButton onRetry={() => send({ type: 'retry' })} />
      </p>
    </section>
  )
}
