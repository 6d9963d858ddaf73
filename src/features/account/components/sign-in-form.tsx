import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { createLoginSchema } from '../../../../domain/accounts/account-schemas'
import type { SignedInBody } from '../../../../domain/api/api-contract'
import { signInMachine } from '../../../../machines/sign-in-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { offerPasskeysInAutofill, signWithPasskey } from '../../../api/passkey-ceremony'
import { FormField } from '../../../ui/form-field'
import { submittedText, useFocusOnView, useRefusedFields } from '../../../ui/form-flow'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { PasskeyButton } from '../../../ui/passkey-button'
import { PasswordInput } from '../../../ui/password-input'
import { ResultPanel } from '../../../ui/result-panel'
import { AccountForm } from './account-form'
import { SecondFactorStep } from './second-factor-step'
import { SignInFailed } from './sign-in-failed'

/**
 * The sign-in form (signInMachine), its second step (SecondFactorStep) and passkeys: the
 * button, and the browser's autofill on the email field where it offers passkeys.
 * `onSignedIn` takes the session and leaves the page.
 */
export function SignInForm({ onSignedIn }: { readonly onSignedIn: (body: SignedInBody) => void }) {
  const signedIn = useRef(onSignedIn)
  signedIn.current = onSignedIn
  const [machine] = useState(() =>
    signInMachine.provide({
      actors: {
        login: fromPromise(({ input }) => callEndpoint('login', input)),
        resendVerification: fromPromise(({ input }) =>
          callEndpoint('resendVerification', { email: input.email }),
        ),
        passkeySignIn: fromPromise(async ({ input }) => {
          const response =
            input.response ??
            (await signWithPasskey((await callEndpoint('passkeySignInOptions', {})).options))
          return callEndpoint('passkeySignIn', { response, remember: input.remember })
        }),
      },
      actions: { announceSignIn: (_, body) => signedIn.current(body) },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { email, password, remember, refusedSubmissions, message } = snapshot.context
  const typed = useMemo(() => ({ email, password, remember }), [email, password, remember])
  // Only a new refusal moves focus (to the first field it names), not a later answer.
  const { errors, formRef } = useRefusedFields({
    schema: createLoginSchema,
    values: typed,
    refusedSubmissions,
  })

  const onForm =
    snapshot.matches('form') ||
    snapshot.matches('submitting') ||
    snapshot.matches('invalid') ||
    snapshot.matches('expired') ||
    snapshot.matches('passkeyRejected') ||
    snapshot.matches('passkey')
  // The browser offers this site's passkeys in the email field's autofill while the form shows
  // (one offer at a time); the button's own dialog cancels it, and it starts again after.
  const offering = onForm && !snapshot.matches('passkey')
  const stillOffering = useRef(offering)
  stillOffering.current = offering
  const autofill = useRef(false)
  useEffect(() => {
    if (!offering || autofill.current) return
    autofill.current = true
    offerPasskeysInAutofill(async () => (await callEndpoint('passkeySignInOptions', {})).options)
      .then((response) => {
        if (response && stillOffering.current) send({ type: 'passkeyChosen', response })
      })
      .catch(() => {})
      .finally(() => {
        autofill.current = false
      })
  }, [offering, send])
  const refusal = snapshot.matches('invalid')
    ? 'invalid'
    : snapshot.matches('expired')
      ? 'expired'
      : snapshot.matches('passkeyRejected')
        ? 'passkeyRejected'
        : undefined
  const view = onForm ? 'form' : String(snapshot.value)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  useFocusOnView(refusal ?? view, (now) => (now === 'form' ? emailRef.current : headingRef.current))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    send({
      type: 'submit',
      email: submittedText(data, 'email').trim(),
      password: submittedText(data, 'password'),
      remember: data.get('remember') === 'on',
    })
  }

  if (snapshot.matches('unverified') || snapshot.matches('resendingVerification')) {
    const busy = snapshot.matches('resendingVerification')
    return (
      <ResultPanel
        tone="info"
        headingRef={headingRef}
        title={<Trans>Please confirm your email address first.</Trans>}
      >
        <p>
          <Trans>
            We sent a verification link to {email} when you registered. Open it, then sign in. If
            you cannot find the email, we can send a new link.
          </Trans>
        </p>
        <p className="form-actions">
          <button
            type="button"
            className="button button-primary"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) send({ type: 'resend' })
            }}
          >
            {busy ? (
              <Trans>Sending the verification link…</Trans>
            ) : (
              <Trans>Send the verification link again</Trans>
            )}
          </button>
          {busy ? null : (
            <button type="button" className="button" onClick={() => send({ type: 'edit' })}>
              <Trans>Sign in with another account</Trans>
            </button>
          )}
        </p>
      </ResultPanel>
    )
  }
  if (snapshot.matches('verificationSent')) {
    return (
      <ResultPanel
        tone="good"
        headingRef={headingRef}
        title={
          <Trans>
            If {email} has an account waiting for confirmation, a new verification link is on its
            way.
          </Trans>
        }
      >
        <p className="form-actions">
          <button type="button" className="button" onClick={() => send({ type: 'edit' })}>
            <Trans>Back to sign in</Trans>
          </button>
        </p>
      </ResultPanel>
    )
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
  if (snapshot.matches('secondFactor')) {
    return (
      <SecondFactorStep
        methods={snapshot.context.methods}
        remember={remember}
        onSignedIn={(body) => {
          send({ type: 'finished' })
          signedIn.current(body)
        }}
        onExpired={() => send({ type: 'restart' })}
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
  const busy = snapshot.matches('submitting') || snapshot.matches('passkey')
  return (
    <AccountForm formRef={formRef} onSubmit={submit} busy={busy}>
      {refusal ? (
        <h2 ref={headingRef} tabIndex={-1} role="alert" className="form-summary focus-target">
          {refusal === 'invalid' ? (
            <Trans>The email address or the password is not right.</Trans>
          ) : refusal === 'expired' ? (
            <Trans>Signing in took too long. Please enter your password again.</Trans>
          ) : (
            (message ?? (
              <Trans>That passkey is not known here. Sign in with your password instead.</Trans>
            ))
          )}
        </h2>
      ) : refusedSubmissions > 0 && Object.keys(errors).length > 0 ? (
        <p key={refusedSubmissions} role="alert" className="form-summary">
          <Trans>Please check the highlighted fields.</Trans>
        </p>
      ) : null}
      <FormField form="sign-in" name="email" label={<Trans>Email</Trans>} error={errors.email}>
        {(control) => (
          <input
            {...control}
            ref={emailRef}
            type="email"
            autoComplete="username webauthn"
            required
            maxLength={254}
            defaultValue={email}
          />
        )}
      </FormField>
      <FormField
        form="sign-in"
        name="password"
        label={<Trans>Password</Trans>}
        error={errors.password}
      >
        {(control) => (
          <PasswordInput
            {...control}
            // A refused password is cleared, as the machine forgets it.
            key={snapshot.matches('invalid') ? 'refused' : 'typed'}
            autoComplete="current-password"
            required
            maxLength={128}
          />
        )}
      </FormField>
      <p className="form-check">
        <input id="sign-in-remember" name="remember" type="checkbox" defaultChecked={remember} />
        <label htmlFor="sign-in-remember">
          <Trans>Keep me signed in on this device for 30 days</Trans>
        </label>
      </p>
      <p className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {snapshot.matches('submitting') ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </button>
        <PasskeyButton
          busy={busy}
          waiting={snapshot.matches('passkey')}
          onUse={() => send({ type: 'usePasskey' })}
          label={<Trans>Sign in with a passkey</Trans>}
          waitingLabel={<Trans>Waiting for your passkey…</Trans>}
        />
      </p>
    </AccountForm>
  )
}
