import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { AccountUser } from '../../../domain/api/api-contract'
import {
  type BudgetRange,
  type DesiredStart,
  desiredStartLabels,
  desiredStarts,
} from '../../../domain/leads/lead-options'
import { briefLength, createServiceRequestSchema } from '../../../domain/requests/request-schemas'
import {
  type ServiceRequestFormValues,
  serviceRequestFormFields,
  serviceRequestPayload,
} from '../../../domain/requests/service-request-form'
import type { ServiceId } from '../../../domain/services/service-table'
import { serviceRequestFormMachine } from '../../../machines/service-request-form-machine'
import { callEndpoint } from '../../api/call-endpoint'
import { ensureCatalogs } from '../../i18n/i18n'
import { BudgetField } from '../../ui/budget-field'
import { ChoiceField, TextAreaField } from '../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../ui/form-flow'
import { inspectorOptions } from '../../ui/machine-inspector'
import { RetryButton } from '../../ui/retry-button'
import { myRequestsQueryKey } from './api/requests-queries'
import type { RequestsSession } from './brief-session'
import './requests.css'
import { formatWholeNumber } from '../../../domain/whole-number'

export type RequestBriefProps = {
  readonly serviceId: ServiceId
  /** This page with the brief open: where sign-in and registration come back to. */
  readonly back: string
  readonly session: RequestsSession
}

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'signedOut' }
  | {
      readonly kind: 'signedIn'
      readonly user: AccountUser
      readonly refresh: () => Promise<void>
    }

/**
 * "Request this service", loaded when the visitor asks for it (the public page never pays for
 * the form, its schema or its machine): who is signed in decides between the brief and the
 * way to sign in first.
 */
export default function RequestBrief({ serviceId, back, session }: RequestBriefProps) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    void Promise.all([session.load(), ensureCatalogs(['requests'])])
      .then(async ([runtime]) => {
        const { user } = await runtime.check()
        if (!live) return
        setLoaded(
          user
            ? {
                kind: 'signedIn',
                user,
                refresh: () =>
                  runtime.queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
              }
            : { kind: 'signedOut' },
        )
      })
      .catch(() => {
        if (live) setLoaded({ kind: 'signedOut' })
      })
    return () => {
      live = false
    }
  }, [session])

  // Once the session has answered, focus goes to what the visitor asked for.
  useEffect(() => {
    if (loaded.kind !== 'loading') document.getElementById('request-brief-heading')?.focus()
  }, [loaded.kind])

  if (loaded.kind === 'loading')
    return (
      <p className="request-brief" role="status">
        <Trans>Checking your session…</Trans>
      </p>
    )
  if (loaded.kind === 'signedOut')
    return (
      <section className="request-brief" aria-labelledby="request-brief-heading">
        <h3 id="request-brief-heading" tabIndex={-1}>
          <Trans>Sign in to request this service</Trans>
        </h3>
        <p>
          <Trans>
            Requests are tied to your account, so you can follow them in “My services”. Sign in, or
            create an account, and you come back here with the brief open.
          </Trans>
        </p>
        <p className="actions">
          <Link to="/login" search={{ redirect: back }} className="button button-primary">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/register" search={{ redirect: back }} className="button">
            <Trans>Create an account</Trans>
          </Link>
        </p>
      </section>
    )
  return <BriefFlow serviceId={serviceId} onSent={loaded.refresh} />
}

function readValues(form: HTMLFormElement): ServiceRequestFormValues {
  const data = new FormData(form)
  return {
    need: submittedText(data, 'need'),
    // Unknown values are the schema's to refuse; the selects only offer known ones.
    desiredStart: submittedText(data, 'desiredStart') as DesiredStart | '',
    budget: submittedText(data, 'budget') as BudgetRange | '',
  }
}

const formName = 'request'

function BriefFlow({
  serviceId,
  onSent,
}: {
  readonly serviceId: ServiceId
  readonly onSent: () => Promise<void>
}) {
  const { i18n, t } = useLingui()
  const _ = i18n._.bind(i18n)
  const [machine] = useState(() =>
    serviceRequestFormMachine.provide({
      actors: {
        sendRequest: fromPromise(async ({ input }) => {
          const answer = await callEndpoint(
            'createServiceRequest',
            serviceRequestPayload(serviceId, input),
          )
          await onSent()
          return answer
        }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, { ...inspectorOptions, input: { serviceId } })
  const { values, refusedSubmissions, serverFieldErrors, message } = snapshot.context

  const payload = useCallback(
    (submitted: ServiceRequestFormValues) => serviceRequestPayload(serviceId, submitted),
    [serviceId],
  )
  const { errors, formRef } = useRefusedFields({
    schema: createServiceRequestSchema,
    payload,
    fields: serviceRequestFormFields,
    values,
    refusedSubmissions,
    serverFieldErrors,
  })

  const outcomeRef = useRef<HTMLHeadingElement>(null)
  const onForm = snapshot.matches('editing') || snapshot.matches('submitting')
  const busy = snapshot.matches('submitting')
  useFocusOnView(onForm ? 'form' : String(snapshot.value), (view) =>
    view === 'form' ? formRef.current?.querySelector<HTMLElement>('textarea') : outcomeRef.current,
  )

  if (snapshot.matches('sent'))
    return (
      <section className="request-brief request-outcome">
        <h3 ref={outcomeRef} tabIndex={-1}>
          {message ?? <Trans>We have your request.</Trans>}
        </h3>
        <p>
          <Trans>
            We answer within one business day. You can follow your request and our notes in “My
            services”.
          </Trans>
        </p>
        <p className="actions">
          <Link to="/my-services" className="button button-primary">
            <Trans>Go to My services</Trans>
          </Link>
        </p>
      </section>
    )
  if (snapshot.matches('error'))
    return (
      <section className="request-brief request-outcome request-outcome-bad">
        <h3 ref={outcomeRef} tabIndex={-1}>
          <Trans>Your request could not be sent.</Trans>
        </h3>
        <p>{message ?? <Trans>Please try again in a moment.</Trans>}</p>
        <p className="actions">
          <RetryButton onRetry={() => send({ type: 'retry' })} />
        </p>
      </section>
    )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) send({ type: 'submit', values: readValues(event.currentTarget) })
  }
  const summary = refusedSubmissions > 0 && Object.keys(errors).length > 0
  return (
    <form
      ref={formRef}
      className="request-brief"
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby="request-brief-heading"
    >
      <h3 id="request-brief-heading" tabIndex={-1}>
        <Trans>Your brief</Trans>
      </h3>
      {summary ? (
        <p key={refusedSubmissions} role="alert" className="form-summary">
          <Trans>Please check the highlighted fields.</Trans>
        </p>
      ) : null}
      <TextAreaField
        form={formName}
        name="need"
        label={<Trans>What you need</Trans>}
        hint={
          <Trans>
            Your goals, what you have today and any deadline: {briefLength.min} to{' '}
            {formatWholeNumber(briefLength.max)} characters.
          </Trans>
        }
        error={errors.need}
        rows={6}
        maxLength={briefLength.max}
        defaultValue={values.need}
      />
      <ChoiceField
        form={formName}
        name="desiredStart"
        label={<Trans>When would you like to start?</Trans>}
        error={errors.desiredStart}
        prompt={t`Choose when to start`}
        choices={desiredStarts}
        choiceLabel={(start) => _(desiredStartLabels[start])}
        defaultValue={values.desiredStart}
      />
      <BudgetField form={formName} error={errors.budget} defaultValue={values.budget} />
      <p className="actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? <Trans>Sending your request…</Trans> : <Trans>Send request</Trans>}
        </button>
      </p>
    </form>
  )
}
