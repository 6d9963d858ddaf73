import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { createResetPasswordSchema } from '../../../../domain/registration/recovery-schemas'
import { maxLengths } from '../../../../domain/registration/registration-schema'
import { passwordResetMachine } from '../../../../machines/password-reset-machine'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { PasswordInput } from '../../../ui/password-input'
import { ResultPanel } from '../../../ui/result-panel'
import { RetryButton } from '../../../ui/retry-button'
import { resetPassword } from '../api/reset-password'
import { FormField } from './form-field'

/** The new-password form behind the recovery mail's link (passwordResetMachine). */
export function PasswordResetFlow({ token }: { readonly token: string }) {
  const [machine] = useState(() =>
    passwordResetMachine.provide({
      actors: { resetPassword: fromPromise(({ input }) => resetPassword(input)) },
    }),
  )
  const [snapshot, send] = useMachine(machine, { ...inspectorOptions, input: { token } })
  const { password, refusedSubmissions, message } = snapshot.context
  const typed = useMemo(() => ({ token, password }), [token, password])
  const { errors, formRef } = useRefusedFields({
    schema: createResetPasswordSchema,
    values: typed,
    refusedSubmissions,
  })
  const error = errors.password

  const headingRef = useRef<HTMLHeadingElement>(null)
  const view =
    snapshot.matches('form') || snapshot.matches('submitting') ? 'form' : String(snapshot.value)
  useFocusOnView(view, (now) =>
    now === 'form' ? formRef.current?.querySelector('input') : headingRef.current,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'submit', password: submittedText(new FormData(event.currentTarget), 'password') })
  }

  if (snapshot.matches('invalidLink')) {
    return (
      <ResultPanel
        tone="bad"
        headingRef={headingRef}
        title={
          <Trans>
            This reset link is incomplete. Open the link from the email again, or ask for a new one.
          </Trans>
        }
      >
        <p className="actions">
          <Link to="/register" className="button">
            <Trans>Ask for a new recovery email</Trans>
          </Link>
        </p>
      </ResultPanel>
    )
  }
  if (snapshot.matches('done')) {
    return (
      <ResultPanel
        tone="good"
        headingRef={headingRef}
        title={message ?? <Trans>Your password has been changed.</Trans>}
      >
        <p className="actions">
          <Link to="/login" className="button button-primary">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      </ResultPanel>
    )
  }
  if (snapshot.matches('failed')) {
    return (
      <ResultPanel
        tone="bad"
        headingRef={headingRef}
        title={message ?? <Trans>The password could not be changed. Please try again.</Trans>}
      >
        <p className="actions">
          <RetryButton onRetry={() => send({ type: 'retry' })} />
          {/* A spent link needs a new recovery mail, and a registration that was never
              confirmed is removed by its link: both start again on the registration page. */}
          <Link to="/register" className="button">
            <Trans>Register, or ask for a new recovery email</Trans>
          </Link>
        </p>
      </ResultPanel>
    )
  }
  const busy = snapshot.matches('submitting')
  return (
    <form
      ref={formRef}
      className="registration-form"
      method="post"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
    >
      {error ? (
        <p key={refusedSubmissions} role="alert" className="form-summary">
          <Trans>Please check the highlighted fields.</Trans>
        </p>
      ) : null}
      <FormField
        name="password"
        label={<Trans>New password</Trans>}
        error={error}
        hint={
          <Trans>
            At least 8 characters. A few unrelated words make a strong password that is easy to
            remember.
          </Trans>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            required
            maxLength={maxLengths.password}
            defaultValue={password}
          />
        )}
      </FormField>
      <p className="actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save the new password</Trans>}
        </button>
      </p>
    </form>
  )
}
