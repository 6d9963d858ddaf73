import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { factorMessages } from '../../../../domain/accounts/factor-messages'
import type { SecondFactorMethod, SignedInBody } from '../../../../domain/api/api-contract'
import { secondFactorMachine } from '../../../../machines/second-factor-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { signWithPasskey } from '../../../api/passkey-ceremony'
import { CodeField } from '../../../ui/code-field'
import { submittedText, useFocusOnView } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { PasskeyButton } from '../../../ui/passkey-button'
import { AccountForm } from './account-form'
import { SignInFailed } from './sign-in-failed'

/**
 * The second step of signing in (secondFactorMachine): a code from the authenticator app or a
 * recovery code, or one of the account's passkeys. `onSignedIn` takes the session; `onExpired`
 * goes back to the password when the half-way state is gone.
 */
export function SecondFactorStep({
  methods,
  remember,
  onSignedIn,
  onExpired,
}: {
  readonly methods: readonly SecondFactorMethod[]
  readonly remember: boolean
  readonly onSignedIn: (body: SignedInBody) => void
  readonly onExpired: () => void
}) {
  const { _ } = useLingui()
  const callbacks = useRef({ onSignedIn, onExpired, remember })
  callbacks.current = { onSignedIn, onExpired, remember }
  const [machine] = useState(() =>
    secondFactorMachine.provide({
      actors: {
        checkCode: fromPromise(({ input }) =>
          callEndpoint('loginSecondFactor', { code: input.code }),
        ),
        passkeySignIn: fromPromise(async () => {
          const { options } = await callEndpoint('passkeySignInOptions', {})
          const response = await signWithPasskey(options)
          return callEndpoint('passkeySignIn', { response, remember: callbacks.current.remember })
        }),
      },
      actions: { announceSignIn: (_, body) => callbacks.current.onSignedIn(body) },
    }),
  )
  const [snapshot, send] = useMachine(machine, { input: { methods }, ...inspectorOptions })
  const { refusedSubmissions, message } = snapshot.context
  const headingRef = useRef<HTMLHeadingElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const refusalRef = useRef<HTMLParagraphElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const stepHeadingRef = useRef<HTMLHeadingElement>(null)
  // The step replaces the sign-in form, whose button had focus: the code field takes it (the
  // step's heading when a passkey is the only way), so the keyboard and a screen reader land
  // where the visitor goes on.
  useEffect(() => {
    ;(codeRef.current ?? stepHeadingRef.current)?.focus()
  }, [])
  useFocusOnView(String(snapshot.value), (view) => {
    if (view === 'code') return codeRef.current
    if (view === 'wrongCode') return refusalRef.current
    if (view === 'rateLimited' || view === 'error') return headingRef.current
    return undefined
  })
  const expired = snapshot.matches('expired')
  const announced = useRef(false)
  if (expired && !announced.current) {
    announced.current = true
    queueMicrotask(() => callbacks.current.onExpired())
  }

  if (snapshot.matches('rateLimited') || snapshot.matches('error')) {
    return (
      <SignInFailed
        rateLimited={snapshot.matches('rateLimited')}
        message={message}
        headingRef={headingRef}
        onRetry={() => send({ type: 'retry' })}
      />
    )
  }
  if (snapshot.matches('signedIn')) {
    return (
      <p className="result-panel" role="status">
        <Trans>You are signed in.</Trans>
      </p>
    )
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'submit', code: submittedText(new FormData(event.currentTarget), 'code') })
  }
  const busy = snapshot.matches('checking') || snapshot.matches('passkey')
  const hasCode = methods.includes('totp') || methods.includes('recoveryCode')
  return (
    <AccountForm
      formRef={formRef}
      onSubmit={submit}
      busy={busy}
      refusal={
        snapshot.matches('wrongCode') ? (
          <Trans>That code is not right, or it was used already. Try again.</Trans>
        ) : undefined
      }
      refusalRef={refusalRef}
    >
      <h2 ref={stepHeadingRef} tabIndex={-1} className="focus-target">
        <Trans>One more step</Trans>
      </h2>
      <p>
        {hasCode ? (
          <Trans>
            Your password is right. Enter the code from your authenticator app, or one of your
            recovery codes.
          </Trans>
        ) : (
          <Trans>Your password is right. Confirm with your passkey.</Trans>
        )}
      </p>
      <CodeField
        form="second-factor"
        name="code"
        label={<Trans>Code</Trans>}
        error={
          refusedSubmissions > 0 && snapshot.matches('code')
            ? _(factorMessages.codeRequired)
            : undefined
        }
        kind="appOrRecoveryCode"
        inputRef={codeRef}
        refused={snapshot.matches('wrongCode')}
      />
      <p className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {snapshot.matches('checking') ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
        </button>
        {methods.includes('passkey') ? (
          <PasskeyButton
            busy={busy}
            waiting={snapshot.matches('passkey')}
            onUse={() => send({ type: 'usePasskey' })}
            label={<Trans>Use a passkey</Trans>}
            waitingLabel={<Trans>Waiting for your passkey…</Trans>}
          />
        ) : null}
      </p>
    </AccountForm>
  )
}
