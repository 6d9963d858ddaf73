import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { verificationRequestMachine } from '../../../../machines/verification-request-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { createResendSchema } from '../../../domain/registration/recovery-schemas'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { AccountForm } from './account-form'
import { FailureNotice } from './failure-notice'

/**
 * "Send me a new link", where a confirmation link has expired: one address, and the same
 * answer whether or not it waits for confirmation (verificationRequestMachine).
 */
export function VerificationRequestForm() {
  const [machine] = useState(() =>
    verificationRequestMachine.provide({
      actors: {
        resendVerification: fromPromise(({ input }) =>
          callEndpoint('resendVerification', { email: input.email }),
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
          If {email} is waiting for confirmation, a new link is on its way. It works for 24 hours.
        </Trans>
      </p>
    )
  }
  if (snapshot.matches('failed')) {
    return (
      <FailureNotice
        statusRef={headingRef}
        message={message ?? <Trans>The new link could not be sent. Please try again.</Trans>}
        onRetry={() => send({ type: 'retry' })}
      />
    )
  }
  const busy = snapshot.matches('sending')
  return (
    <AccountForm formRef={formRef} onSubmit={submit} busy={busy}>
      <FormField
        form="verification-request"
        name="email"
        label={<Trans>Your email address</Trans>}
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
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send me a new link</Trans>}
        </button>
      </p>
    </AccountForm>
  )
}
