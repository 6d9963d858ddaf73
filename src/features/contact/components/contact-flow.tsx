import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { contactFormMachine } from '../../../../machines/contact-form-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import {
  type ContactFormField,
  type ContactFormValues,
  contactFormFields,
  contactPayload,
} from '../../../domain/leads/contact-form'
import { createContactSchema } from '../../../domain/leads/contact-schema'
import { firstIssuePerField } from '../../../domain/registration/registration-schema'
import type { ServiceId } from '../../../domain/services/service-table'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { ContactForm } from './contact-form'
import './contact.css'

type FieldMessages = Partial<Record<ContactFormField, string>>

function onlyFields(errors: Partial<Record<string, string>>): FieldMessages {
  const result: FieldMessages = {}
  for (const field of contactFormFields) {
    const message = errors[field]
    if (message) result[field] = message
  }
  return result
}

/**
 * The contact form on screen: the contactForm machine with the real call as its actor, the form
 * or the outcome of the current state, the fill time measured from the form's first render, and
 * focus (the first invalid field after a refusal, the outcome's heading after an answer).
 */
export function ContactFlow({ service }: { readonly service: ServiceId | '' }) {
  const { _ } = useLingui()
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

  // Messages derive from the last submitted values in the current language, so switching
  // language re-translates them; the server's (already translated) fill in the rest.
  const errors = useMemo(() => {
    const fromServer = onlyFields(serverFieldErrors)
    if (refusedSubmissions === 0) return fromServer
    const result = v.safeParse(
      createContactSchema((descriptor) => _(descriptor)),
      contactPayload(values, 0),
    )
    return result.success
      ? fromServer
      : { ...fromServer, ...onlyFields(firstIssuePerField(result.issues)) }
  }, [_, values, refusedSubmissions, serverFieldErrors])

  const formRef = useRef<HTMLFormElement>(null)
  const outcomeRef = useRef<HTMLHeadingElement>(null)
  const onForm = snapshot.matches('editing') || snapshot.matches('submitting')
  const view = onForm ? 'form' : String(snapshot.value)
  const previousView = useRef(view)

  useEffect(() => {
    if (refusedSubmissions > 0)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedSubmissions])

  useEffect(() => {
    if (previousView.current === view) return
    previousView.current = view
    if (view === 'form') formRef.current?.querySelector<HTMLElement>('input, select')?.focus()
    else outcomeRef.current?.focus()
  }, [view])

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
          <a href="mailto:hola@puentedigital.mx">hola@puentedigital.mx</a>.
        </Trans>
      </p>
      <p className="actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => send({ type: 'retry' })}
        >
          <Trans>Try again</Trans>
        </button>
      </p>
    </section>
  )
}
