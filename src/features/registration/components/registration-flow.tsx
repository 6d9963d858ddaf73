import { useMachine } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import {
  createRegistrationSchema,
  type RegistrationValues,
  registrationFields,
} from '../../../../domain/registration/registration-schema'
import { registrationMachine } from '../../../../machines/registration-machine'
import { useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { keepReturnAfterSignIn } from '../../../ui/return-after-sign-in'
import { registerUser } from '../api/register-user'
import { resendRecoveryEmail } from '../api/resend-recovery-email'
import { RegistrationForm } from './registration-form'
import { RegistrationResult, type ResultView, resultViews } from './registration-result'

function resultViewOf(value: unknown): ResultView | undefined {
  return resultViews.find((view) => view === value)
}

/**
 * The registration flow on screen: the registration machine with the real HTTP calls (the machine
 * owns the flow and calls them as its actors), the form or the result view of the current state, and focus
 * management (the first invalid field after a refused submission, the result's heading after
 * an answer).
 */
export function RegistrationFlow({ redirect }: { readonly redirect?: string | undefined } = {}) {
  const [machine] = useState(() =>
    registrationMachine.provide({
      actors: {
        registerUser: fromPromise(({ input }) => registerUser(input)),
        resendRecoveryEmail: fromPromise(({ input }) => resendRecoveryEmail(input)),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { values, refusedSubmissions, serverFieldErrors, message } = snapshot.context

  const { errors, formRef } = useRefusedFields({
    schema: createRegistrationSchema,
    fields: registrationFields,
    values,
    refusedSubmissions,
    serverFieldErrors,
  })

  const resultRef = useRef<HTMLHeadingElement>(null)
  const onForm = snapshot.matches('form') || snapshot.matches('submitting')
  const outcome = resultViewOf(snapshot.value)
  const view = outcome ?? 'form'

  // Registered: the page the visitor was going to waits for their first sign-in.
  useEffect(() => {
    if (outcome === 'success' && redirect !== undefined) keepReturnAfterSignIn(redirect)
  }, [outcome, redirect])
  useFocusOnView(view, (now) => {
    // Back from "Try again" or "use another address": the first field the server
    // questioned, else the first field.
    const form = formRef.current
    if (now === 'form')
      return (
        form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        form?.querySelector<HTMLElement>('input')
      )
    return now === 'resending' ? undefined : resultRef.current
  })

  if (onForm || !outcome) {
    const hasErrors = Object.keys(errors).length > 0
    return (
      <RegistrationForm
        formRef={formRef}
        values={values}
        errors={errors}
        summaryKey={hasErrors ? refusedSubmissions : undefined}
        busy={snapshot.matches('submitting')}
        onSubmit={(submitted: RegistrationValues) => send({ type: 'submit', values: submitted })}
      />
    )
  }
  return (
    <RegistrationResult
      headingRef={resultRef}
      view={outcome}
      message={message}
      onRetry={() => send({ type: 'retry' })}
      onResend={() => send({ type: 'resend' })}
      onEdit={() => send({ type: 'edit' })}
    />
  )
}
