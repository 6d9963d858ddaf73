import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { factorMessages } from '../../../../../domain/accounts/factor-messages'
import { totpEnrolmentMachine } from '../../../../../machines/totp-enrolment-machine'
import { callEndpoint } from '../../../../api/call-endpoint'
import { useFreshProof } from '../../../../session/step-up/fresh-proof'
import { CodeField } from '../../../../ui/code-field'
import { submittedText, useFocusOnView } from '../../../../ui/form-flow'
import { inspectorOptions } from '../../../../ui/machine-inspector'
import { RetryButton } from '../../../../ui/retry-button'
import { factorsQueryKey } from '../../api/account-queries'
import { CodesShownPanel } from './codes-shown-panel'
import { QrCode } from './qr-code'

/**
 * The authenticator app: on (with a way to turn it off, `onDisable`), or set up here
 * (totpEnrolmentMachine) — the QR code and the key, a current code, the recovery codes once.
 */
export function TotpPanel({
  enabled,
  disabling,
  onDisable,
}: {
  readonly enabled: boolean
  readonly disabling: boolean
  readonly onDisable: () => void
}) {
  const { _ } = useLingui()
  const queryClient = useQueryClient()
  const withProof = useFreshProof()
  const deps = useRef({ queryClient, withProof })
  deps.current = { queryClient, withProof }
  const [machine] = useState(() =>
    totpEnrolmentMachine.provide({
      actors: {
        startTotp: fromPromise(() => deps.current.withProof(() => callEndpoint('enrolTotp', {}))),
        confirmTotp: fromPromise(({ input }) =>
          deps.current.withProof(() => callEndpoint('confirmTotp', { code: input.code })),
        ),
      },
      actions: {
        refresh: () =>
          void deps.current.queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const { secret, otpauthUri, recoveryCodes, refusedSubmissions, message } = snapshot.context
  const statusRef = useRef<HTMLParagraphElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const startRef = useRef<HTMLButtonElement>(null)
  useFocusOnView(String(snapshot.value), (view) => {
    if (view === 'showing' || view === 'wrongCode') return codeRef.current
    if (view === 'codesShown' || view === 'error' || view === 'rateLimited')
      return statusRef.current
    if (view === 'idle') return startRef.current
    return undefined
  })

  // A refused code takes focus back to its field.
  useEffect(() => {
    if (refusedSubmissions > 0) codeRef.current?.focus()
  }, [refusedSubmissions])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'submit', code: submittedText(new FormData(event.currentTarget), 'code') })
  }

  if (
    snapshot.matches('showing') ||
    snapshot.matches('wrongCode') ||
    snapshot.matches('confirming')
  ) {
    const busy = snapshot.matches('confirming')
    const refusal = snapshot.matches('wrongCode') ? (
      <Trans>That code is not right. Check the time on your device and try the current code.</Trans>
    ) : undefined
    return (
      <div className="totp-enrolment">
        <p>
          <Trans>
            Scan this QR code with your authenticator app, or type the key into it. Then enter the
            six-digit code the app shows.
          </Trans>
        </p>
        <QrCode value={otpauthUri} />
        <dl className="account-details">
          <dt>
            <Trans>Key</Trans>
          </dt>
          <dd>
            <code className="totp-key">{secret}</code>
          </dd>
        </dl>
        <form className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
          {refusal ? (
            <p role="alert" className="form-summary">
              {refusal}
            </p>
          ) : null}
          <CodeField
            form="totp"
            name="code"
            label={<Trans>Code from the app</Trans>}
            error={
              refusedSubmissions > 0 && snapshot.matches('showing')
                ? _(factorMessages.codeRequired)
                : undefined
            }
            kind="appCode"
            inputRef={codeRef}
          />
          <p className="form-actions">
            <button type="submit" className="button button-primary" aria-disabled={busy}>
              {busy ? <Trans>Checking…</Trans> : <Trans>Turn on the authenticator app</Trans>}
            </button>
            {busy ? null : (
              <button type="button" className="button" onClick={() => send({ type: 'cancel' })}>
                <Trans>Cancel</Trans>
              </button>
            )}
          </p>
        </form>
      </div>
    )
  }
  if (snapshot.matches('codesShown')) {
    return (
      <CodesShownPanel
        statusRef={statusRef}
        status={<Trans>The authenticator app is on.</Trans>}
        codes={recoveryCodes}
        onDone={() => send({ type: 'done' })}
      />
    )
  }
  if (snapshot.matches('rateLimited') || snapshot.matches('error')) {
    return (
      <div className="result-panel result-panel-bad">
        <p ref={statusRef} tabIndex={-1} role="status" className="focus-target">
          {message ??
            (snapshot.matches('rateLimited') ? (
              <Trans>Too many attempts. Please wait a few minutes, then try again.</Trans>
            ) : (
              <Trans>The authenticator app could not be set up. Please try again.</Trans>
            ))}
        </p>
        <p className="form-actions">
          <RetryButton onRetry={() => send({ type: 'retry' })} />
        </p>
      </div>
    )
  }
  if (enabled) {
    return (
      <>
        <p>
          <Trans>An authenticator app is on: signing in asks for its code.</Trans>
        </p>
        <p className="form-actions">
          <button
            type="button"
            className="button button-danger"
            aria-disabled={disabling}
            onClick={() => {
              if (!disabling) onDisable()
            }}
          >
            {disabling ? (
              <Trans>Turning off the authenticator app…</Trans>
            ) : (
              <Trans>Turn off the authenticator app</Trans>
            )}
          </button>
        </p>
      </>
    )
  }
  const starting = snapshot.matches('starting')
  return (
    <>
      <p>
        <Trans>
          An app such as a password manager or an authenticator shows a new six-digit code every 30
          seconds.
        </Trans>
      </p>
      <p className="form-actions">
        <button
          ref={startRef}
          type="button"
          className="button button-primary"
          aria-disabled={starting}
          onClick={() => {
            if (!starting) send({ type: 'start' })
          }}
        >
          {starting ? <Trans>Preparing a key…</Trans> : <Trans>Set up an authenticator app</Trans>}
        </button>
      </p>
    </>
  )
}
