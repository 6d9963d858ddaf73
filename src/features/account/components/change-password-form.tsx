import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { createChangePasswordSchema } from '../../../../domain/accounts/account-schemas'
import { changePasswordMachine } from '../../../../machines/change-password-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { useFreshProof } from '../../../session/step-up/fresh-proof'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { PasswordInput } from '../../../ui/password-input'
import { AccountForm } from './account-form'
import { FailureNotice } from './failure-notice'

/** "Change password" on the profile (changePasswordMachine). */
export function ChangePasswordForm({ onChanged }: { readonly onChanged: () => void }) {
  const changed = useRef(onChanged)
  changed.current = onChanged
  const proof = useRef(useFreshProof())
  const [machine] = useState(() =>
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }) => {
          const answer = await proof.current(() => callEndpoint('changePassword', input))
          // Every other session has ended: the sessions list is stale.
          changed.current()
          return answer
        }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { currentPassword, newPassword, refusedSubmissions, message } = snapshot.context
  const typed = useMemo(() => ({ currentPassword, newPassword }), [currentPassword, newPassword])
  const { errors, formRef } = useRefusedFields({
    schema: createChangePasswordSchema,
    values: typed,
    refusedSubmissions,
  })
  const statusRef = useRef<HTMLParagraphElement>(null)
  useFocusOnView(String(snapshot.value), (view, from) => {
    if (view === 'changed' || view === 'error' || view === 'wrongPassword') return statusRef.current
    if (view === 'form' && (from === 'changed' || from === 'error'))
      return formRef.current?.querySelector('input')
    return undefined
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    send({
      type: 'submit',
      currentPassword: submittedText(data, 'currentPassword'),
      newPassword: submittedText(data, 'newPassword'),
    })
  }

  if (snapshot.matches('changed')) {
    return (
      <div className="result-panel">
        <p ref={statusRef} tabIndex={-1} role="status" className="focus-target">
          <Trans>
            Your password has been changed. Every other device has been signed out, and we have sent
            you an email about it.
          </Trans>
        </p>
        <p className="form-actions">
          <button type="button" className="button" onClick={() => send({ type: 'again' })}>
            <Trans>Change it again</Trans>
          </button>
        </p>
      </div>
    )
  }
  if (snapshot.matches('error')) {
    return (
      <FailureNotice
        statusRef={statusRef}
        message={message ?? <Trans>Your password could not be changed. Please try again.</Trans>}
        onRetry={() => send({ type: 'retry' })}
      />
    )
  }
  const busy = snapshot.matches('submitting')
  return (
    <AccountForm
      formRef={formRef}
      onSubmit={submit}
      busy={busy}
      // A new form after each answer: the passwords typed before are gone from the page too.
      key={snapshot.matches('wrongPassword') ? 'again' : 'first'}
      refusal={
        snapshot.matches('wrongPassword') ? (
          <Trans>Your current password is not right.</Trans>
        ) : undefined
      }
      refusalRef={statusRef}
    >
      {!snapshot.matches('wrongPassword') && Object.keys(errors).length > 0 ? (
        <p key={refusedSubmissions} role="alert" className="form-summary">
          <Trans>Please check the highlighted fields.</Trans>
        </p>
      ) : null}
      <FormField
        form="change-password"
        name="currentPassword"
        label={<Trans>Current password</Trans>}
        error={errors.currentPassword}
      >
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" maxLength={128} />
        )}
      </FormField>
      <FormField
        form="change-password"
        name="newPassword"
        label={<Trans>New password</Trans>}
        error={errors.newPassword}
        hint={
          <Trans>
            At least 8 characters. A few unrelated words make a strong password that is easy to
            remember.
          </Trans>
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" maxLength={128} />}
      </FormField>
      <p className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? <Trans>Changing…</Trans> : <Trans>Change password</Trans>}
        </button>
      </p>
    </AccountForm>
  )
}
