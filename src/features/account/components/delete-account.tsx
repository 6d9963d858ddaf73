import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { createDeleteAccountSchema } from '../../../../domain/accounts/account-schemas'
import { deleteAccountMachine } from '../../../../machines/delete-account-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import type { SessionRuntime } from '../../../session/session-runtime'
import { useFreshProof } from '../../../session/step-up/fresh-proof'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { PasswordInput } from '../../../ui/password-input'
import { AccountForm } from './account-form'
import { FailureNotice } from './failure-notice'

/**
 * "Delete your account" (deleteAccountMachine): a button, then a confirmation with the
 * password; once deleted, the browser is signed out on the confirmation page.
 */
export function DeleteAccount({ runtime }: { readonly runtime: SessionRuntime }) {
  const navigate = useNavigate()
  const proof = useRef(useFreshProof())
  const [machine] = useState(() =>
    deleteAccountMachine.provide({
      actors: {
        deleteAccount: fromPromise(({ input }) =>
          proof.current(() => callEndpoint('deleteAccount', input)),
        ),
      },
      actions: {
        // The confirmation page first: a signed-in page seeing the session end would send
        // the visitor to sign in instead.
        announceDeleted: () =>
          void navigate({ to: '/logout', search: { deleted: true } }).then(() => runtime.expired()),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { password, refusedSubmissions, message } = snapshot.context
  const { errors, formRef } = useRefusedFields({
    schema: createDeleteAccountSchema,
    values: { password },
    refusedSubmissions,
  })
  const startRef = useRef<HTMLButtonElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const view = String(snapshot.value)
  useFocusOnView(view, (now) =>
    now === 'idle'
      ? startRef.current
      : now === 'confirming'
        ? formRef.current?.querySelector('input')
        : statusRef.current,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'submit', password: submittedText(new FormData(event.currentTarget), 'password') })
  }
  const cancel = (
    <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
      <Trans>Cancel</Trans>
    </button>
  )

  if (snapshot.matches('idle')) {
    return (
      <p className="form-actions">
        <button
          ref={startRef}
          type="button"
          className="button"
          onClick={() => send({ type: 'start' })}
        >
          <Trans>Delete my account</Trans>
        </button>
      </p>
    )
  }
  if (snapshot.matches('error')) {
    return (
      <FailureNotice
        statusRef={statusRef}
        message={message ?? <Trans>Your account could not be deleted. Please try again.</Trans>}
        onRetry={() => send({ type: 'retry' })}
      >
        {cancel}
      </FailureNotice>
    )
  }
  const busy = snapshot.matches('deleting') || snapshot.matches('deleted')
  return (
    <AccountForm
      formRef={formRef}
      onSubmit={submit}
      busy={busy}
      // A new form after a refused password: the one typed before is gone from the page too.
      key={snapshot.matches('wrongPassword') ? 'again' : 'first'}
      refusal={
        snapshot.matches('wrongPassword') ? <Trans>Your password is not right.</Trans> : undefined
      }
      refusalRef={statusRef}
    >
      <FormField
        form="delete-account"
        name="password"
        label={<Trans>Your password, to confirm</Trans>}
        error={errors.password}
      >
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" maxLength={128} />
        )}
      </FormField>
      <p className="form-actions">
        <button
          type="submit"
          className="button button-danger"
          aria-disabled={busy}
          aria-describedby="delete-account-warning"
        >
          {busy ? <Trans>Deleting…</Trans> : <Trans>Delete my account for good</Trans>}
        </button>
        {busy ? null : cancel}
        <span id="delete-account-warning" className="danger-note">
          <Trans>This cannot be undone.</Trans>
        </span>
      </p>
    </AccountForm>
  )
}
