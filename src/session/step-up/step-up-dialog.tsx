import { Trans } from '@lingui/react/macro'
import { type FormEvent, useRef } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { StepUpEvent, stepUpMachine } from '../../../machines/step-up-machine'
import { CodeField } from '../../ui/code-field'
import { FormField } from '../../ui/form-field'
import { submittedText, useFocusOnView } from '../../ui/form-flow'
import { ModalDialog } from '../../ui/modal-dialog'
import { PasskeyButton } from '../../ui/passkey-button'
import { PasswordInput } from '../../ui/password-input'

/** The step-up dialog: what stepUpMachine shows while it is open. */
export function StepUpDialog({
  snapshot,
  send,
}: {
  readonly snapshot: SnapshotFrom<typeof stepUpMachine>
  readonly send: (event: StepUpEvent) => void
}) {
  const { method, methods, message, refusedSubmissions } = snapshot.context
  const cancel = () => send({ type: 'cancel' })
  const busy = snapshot.matches('proving') || snapshot.matches('passkey')
  const failed = snapshot.matches('rateLimited') || snapshot.matches('error')
  // Managing the factors of an account that has one: a factor proves it, the password does not.
  const factorOnly = !methods.includes('password')
  const typed = methods.includes(method)
  const inputRef = useRef<HTMLInputElement>(null)
  const alertRef = useRef<HTMLParagraphElement>(null)
  // Focus follows what the dialog asks: the field again, or the failure's text.
  useFocusOnView(`${String(snapshot.value)}:${method}`, (view) =>
    view.startsWith('rateLimited') || view.startsWith('error')
      ? alertRef.current
      : view.startsWith('asking') || view.startsWith('wrong')
        ? inputRef.current
        : undefined,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    send({ type: 'submit', secret: submittedText(new FormData(event.currentTarget), 'secret') })
  }

  const refusal = snapshot.matches('wrong') ? (
    method === 'code' ? (
      <Trans>That code is not right, or it was used already. Try again.</Trans>
    ) : (
      <Trans>That password is not right. Try again.</Trans>
    )
  ) : refusedSubmissions > 0 && snapshot.matches('asking') ? (
    method === 'code' ? (
      <Trans>Enter a code.</Trans>
    ) : (
      <Trans>Enter your password.</Trans>
    )
  ) : undefined

  return (
    <ModalDialog labelledBy="step-up-heading" onCancel={cancel}>
      <h2 id="step-up-heading">
        <Trans>Confirm it’s you</Trans>
      </h2>
      <p id="step-up-why">
        {factorOnly ? (
          <Trans>
            Changing how you sign in needs a fresh proof with a passkey, a code from your
            authenticator app or a recovery code; your password alone is not enough. Once you
            confirm, it carries on.
          </Trans>
        ) : (
          <Trans>
            This action needs a fresh proof that it is you. Once you confirm, it carries on.
          </Trans>
        )}
      </p>
      {failed ? (
        <>
          <p ref={alertRef} tabIndex={-1} role="alert" className="form-summary focus-target">
            {message ??
              (snapshot.matches('rateLimited') ? (
                <Trans>Too many attempts. Please wait a few minutes, then try again.</Trans>
              ) : (
                <Trans>We could not check that. Please try again.</Trans>
              ))}
          </p>
          <p className="form-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => send({ type: 'retry' })}
            >
              <Trans>Try again</Trans>
            </button>
            <button type="button" className="button" onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          </p>
        </>
      ) : (
        <form className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
          {refusal ? (
            <p key={refusedSubmissions} role="alert" className="form-summary">
              {refusal}
            </p>
          ) : null}
          {!typed ? null : method === 'code' ? (
            <CodeField
              form="step-up"
              name="secret"
              label={<Trans>Code from your authenticator app, or a recovery code</Trans>}
              error={undefined}
              kind="appOrRecoveryCode"
              inputRef={inputRef}
              refused={snapshot.matches('wrong')}
            />
          ) : (
            <FormField
              form="step-up"
              name="secret"
              label={<Trans>Password</Trans>}
              error={undefined}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  ref={inputRef}
                  // A refused password is cleared, as the machine forgets it.
                  key={snapshot.matches('wrong') ? 'refused' : 'typed'}
                  autoComplete="current-password"
                  maxLength={128}
                  required
                />
              )}
            </FormField>
          )}
          <p className="form-actions">
            {typed ? (
              <button type="submit" className="button button-primary" aria-disabled={busy}>
                {snapshot.matches('proving') ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
              </button>
            ) : null}
            {methods.includes('code') && methods.includes('password') ? (
              <button
                type="button"
                className="button"
                onClick={() =>
                  send({ type: 'choose', method: method === 'code' ? 'password' : 'code' })
                }
              >
                {method === 'code' ? (
                  <Trans>Use your password instead</Trans>
                ) : (
                  <Trans>Use a code instead</Trans>
                )}
              </button>
            ) : null}
            {methods.includes('passkey') ? (
              <PasskeyButton
                busy={busy}
                waiting={snapshot.matches('passkey')}
                onUse={() => send({ type: 'usePasskey' })}
                label={<Trans>Use a passkey</Trans>}
                waitingLabel={<Trans>Waiting for your passkey…</Trans>}
              />
            ) : null}
            <button type="button" className="button" onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          </p>
        </form>
      )}
    </ModalDialog>
  )
}
