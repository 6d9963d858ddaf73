import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { recoveryRequestMachine } from '../../../../machines/recovery-request-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { emailSchema } from '../../../domain/registration/registration-schema'
import { FormField } from '../../../ui/form-field'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { useFocusOnChange } from '../hooks/use-focus-on-change'
import { FailureNotice } from './failure-notice'

/**
 * "Forgot your password?": one address, and the same confirmation whether or not it has an
 * account (recoveryRequestMachine).
 */
export function RecoveryRequestForm() {
  const { _ } = useLingui()
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
  const error = useMemo(() => {
    if (refusedSubmissions === 0) return undefined
    const result = v.safeParse(
      emailSchema((descriptor) => _(descriptor)),
      email,
    )
    return result.success ? undefined : result.issues[0]?.message
  }, [_, email, refusedSubmissions])
  const onForm = snapshot.matches('form') || snapshot.matches('sending')
  const { headingRef, controlRef } = useFocusOnChange<HTMLParagraphElement, HTMLInputElement>(
    onForm ? 'form' : String(snapshot.value),
    'form',
  )
  useEffect(() => {
    if (refusedSubmissions > 0) controlRef.current?.focus()
  }, [refusedSubmissions, controlRef])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('email')
    send({ type: 'submit', email: typeof value === 'string' ? value.trim() : '' })
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
    <form className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <FormField
        form="recovery"
        name="email"
        label={<Trans>Email of your account</Trans>}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            ref={controlRef}
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
    </form>
  )
}
