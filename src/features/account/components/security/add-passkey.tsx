import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { factorMessages } from '../../../../../domain/accounts/factor-messages'
import {
  passkeyNameMaxLength,
  passkeyRegistrationMachine,
} from '../../../../../machines/passkey-registration-machine'
import { callEndpoint } from '../../../../api/call-endpoint'
import { createPasskey } from '../../../../api/passkey-ceremony'
import { useFreshProof } from '../../../../session/step-up/fresh-proof'
import { FormField } from '../../../../ui/form-field'
import { submittedText, useFocusOnView } from '../../../../ui/form-flow'
import { inspectorOptions } from '../../../../ui/machine-inspector'
import { factorsQueryKey } from '../../api/account-queries'
import { CodesShownPanel } from './codes-shown-panel'

/** "Add a passkey": the server's options, the browser's dialog, a name (passkeyRegistrationMachine). */
export function AddPasskey() {
  const { _ } = useLingui()
  const queryClient = useQueryClient()
  const withProof = useFreshProof()
  const deps = useRef({ queryClient, withProof })
  deps.current = { queryClient, withProof }
  const [machine] = useState(() =>
    passkeyRegistrationMachine.provide({
      actors: {
        registrationOptions: fromPromise(async () => {
          const { options } = await deps.current.withProof(() =>
            callEndpoint('passkeyRegistrationOptions', {}),
          )
          return options
        }),
        createCredential: fromPromise(({ input }) => createPasskey(input.options)),
        savePasskey: fromPromise(({ input }) =>
          deps.current.withProof(() =>
            callEndpoint('registerPasskey', { name: input.name, response: input.credential }),
          ),
        ),
      },
      actions: {
        refresh: () =>
          void deps.current.queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { name, message, recoveryCodes, refusedSubmissions } = snapshot.context
  const statusRef = useRef<HTMLParagraphElement>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  useFocusOnView(String(snapshot.value), (view) => {
    if (view === 'naming') return nameRef.current
    if (view === 'saved' || view === 'cancelled' || view === 'failed' || view === 'rateLimited')
      return statusRef.current
    if (view === 'idle') return addRef.current
    return undefined
  })

  // A refused name takes focus back to its field.
  useEffect(() => {
    if (refusedSubmissions > 0) nameRef.current?.focus()
  }, [refusedSubmissions])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'submit', name: submittedText(new FormData(event.currentTarget), 'name') })
  }
  const waiting = snapshot.matches('preparing') || snapshot.matches('dialog')

  if (snapshot.matches('naming') || snapshot.matches('saving')) {
    const busy = snapshot.matches('saving')
    const refused = refusedSubmissions > 0 && !busy
    return (
      <form className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
        <FormField
          form="add-passkey"
          name="name"
          label={<Trans>Name this passkey</Trans>}
          hint={<Trans>So you can tell it apart, e.g. “Work laptop” or “Phone”.</Trans>}
          error={refused ? _(factorMessages.passkeyNameRequired) : undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              type="text"
              autoComplete="off"
              maxLength={passkeyNameMaxLength}
              defaultValue={name}
              required
            />
          )}
        </FormField>
        <p className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={busy}>
            {busy ? <Trans>Saving the passkey…</Trans> : <Trans>Save the passkey</Trans>}
          </button>
          {busy ? null : (
            <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </p>
      </form>
    )
  }

  const outcome = snapshot.matches('saved') ? (
    <Trans>The passkey “{name}” has been added.</Trans>
  ) : snapshot.matches('cancelled') ? (
    <Trans>No passkey was added.</Trans>
  ) : snapshot.matches('rateLimited') ? (
    (message ?? <Trans>Too many attempts. Please wait a few minutes, then try again.</Trans>)
  ) : snapshot.matches('failed') ? (
    (message ?? <Trans>The passkey could not be added. Please try again.</Trans>)
  ) : undefined

  return (
    <>
      {outcome ? (
        <CodesShownPanel
          bad={!snapshot.matches('saved')}
          statusRef={statusRef}
          status={outcome}
          codes={recoveryCodes}
          onDone={() => send({ type: 'dismiss' })}
          doneLabel={snapshot.matches('saved') ? <Trans>Done</Trans> : <Trans>Close</Trans>}
        />
      ) : null}
      {snapshot.matches('saved') && recoveryCodes.length > 0 ? null : (
        <p className="form-actions">
          <button
            ref={addRef}
            type="button"
            className="button button-primary"
            aria-disabled={waiting}
            onClick={() => {
              if (!waiting) send({ type: 'add' })
            }}
          >
            {waiting ? (
              <Trans>Waiting for your browser’s passkey dialog…</Trans>
            ) : (
              <Trans>Add a passkey</Trans>
            )}
          </button>
        </p>
      )}
    </>
  )
}
