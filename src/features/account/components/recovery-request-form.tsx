import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { recoveryRequestMachine } from '../../../../machines/recovery-request-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { createResendSchema } from '../../../domain/registration/recovery-schemas'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { AccountForm } from './account-form'
import { FailureNotice } from './failure-notice'

/**
 * "Forgot your password?": one address, and the same confirmation whether or not it has an
 * account (recoveryRequestMachine).
 */
export function RecoveryRequestForm() {
  const [machine] = useState(() =>
    recoveryRequestMachine.provide({
      actors: {
        resendRecoveryEmail: fromPromise(({ input }) =>
          callEndpoint('resendRecoveryEmail', { email: input.email }),
        ),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { email, refusedSubmissions, message } = snapshot.context
  const typed = useMemo(() => ({ email }), [email])
  const { errors, formRef } = useRefusedFields({
    schema: createResendSchema,
    values: typed,
    refusedSubmissions,
  })
  const onForm = snapshot.matches('form') || snapshot.matches('sending')
  const headingRef = useRef<HTMLParagraphElement>(null)
  useFocusOnView(onForm ? 'form' : String(snapshot.value), (now) =>
    now === 'form' ? formRef.current?.querySelector('input') : headingRef.current,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({
      type: 'submit',
      email: submittedText(new FormData(event.currentTarget), 'email').trim(),
    })
  }

  if (snapshot.matches('sent')) {
    return (
      <p ref={headingRef} tabIndex={-1} className="result-panel focus-target" role="status">
        <Trans>
          If {email} has an account, a recovery email with a link to choose a new password is on its
          way. The link works for one hour.
        </Trans>
      </p>
    )
  }
  if (snapshot.matches('failed')) {
    return (
      <FailureNotice
        statusRef={headingRef}
        message={message ?? <Trans>The recovery email could not be sent. Please try again.</Trans>}
        onRetry={() => send({ type: 'retry' })}
      />
    )
  }
  const busy = snapshot.matches('sending')
  return (
    <AccountForm formRef={formRef} onSubmit={submit} busy={busy}>
      <FormField
        form="recovery"
        name="email"
        label={<Trans>Email of your account</Trans>}
        error={errors.email}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={email}
          />
        )}
      </FormField>
      <p className="form-actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send me a recovery email</Trans>}
        </button>
      </p>
    </AccountForm>
  )
}
