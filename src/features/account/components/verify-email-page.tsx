import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { verifyEmailMachine } from '../../../../machines/verify-email-machine'
import { callEndpoint } from '../../../api/call-endpoint'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { ResultPanel } from '../../../ui/result-panel'
import { useHydrated } from '../../../ui/use-hydrated'
import './account.css'
import { RetryButton } from '../../../ui/retry-button'
import { VerificationRequestForm } from './verification-request-form'
import '../../../ui/form-field.css'

/**
 * The link's answer (verifyEmailMachine); started once the page runs in the browser. Tells the
 * page when the address is confirmed, so its heading stops asking for it.
 */
function Verification({
  token,
  onConfirmed,
}: {
  readonly token: string
  readonly onConfirmed: () => void
}) {
  const [machine] = useState(() =>
    verifyEmailMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) =>
          callEndpoint('verifyEmail', { token: input.token }),
        ),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, { ...inspectorOptions, input: { token } })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const state = String(snapshot.value)
  useEffect(() => {
    if (state !== 'verifying') headingRef.current?.focus()
    if (state === 'verified' || state === 'alreadyConfirmed') onConfirmed()
  }, [state, onConfirmed])

  if (snapshot.matches('verifying')) {
    return (
      <p className="result-panel" role="status">
        <Trans>Confirming your email address…</Trans>
      </p>
    )
  }
  if (snapshot.matches('verified')) {
    return (
      <ResultPanel
        tone="good"
        headingRef={headingRef}
        title={<Trans>Your email address is confirmed. You can sign in now.</Trans>}
      >
        <p className="form-actions">
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
        title={<Trans>Your email address could not be confirmed just now. Please try again.</Trans>}
      >
        <p className="form-actions">
          <RetryButton onRetry={() => send({ type: 'retry' })} />
        </p>
      </ResultPanel>
    )
  }
  if (snapshot.matches('alreadyConfirmed')) {
    return (
      <ResultPanel
        tone="good"
        headingRef={headingRef}
        title={<Trans>Your email address is already confirmed. You can sign in.</Trans>}
      >
        <p className="form-actions">
          <Link to="/login" className="button button-primary">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      </ResultPanel>
    )
  }
  if (snapshot.matches('expired')) {
    return (
      <ResultPanel
        tone="bad"
        headingRef={headingRef}
        title={<Trans>This verification link has expired.</Trans>}
      >
        <p>
          <Trans>
            Links work for 24 hours. Give your email address and we will send a new one.
          </Trans>
        </p>
        <VerificationRequestForm />
      </ResultPanel>
    )
  }
  return (
    <ResultPanel
      tone="bad"
      headingRef={headingRef}
      title={<Trans>This verification link is invalid or was already used.</Trans>}
    >
      <p>
        <Trans>
          Sign in with your email address and password: if your address still needs confirming, we
          will offer to send a new link.
        </Trans>
      </p>
      <p className="form-actions">
        <Link to="/login" className="button button-primary">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </ResultPanel>
  )
}

/**
 * `/verify-email?token=…`: takes the token from the mail's link, removes it from the address
 * (it should not stay in the history or reach another page's referrer), and verifies it.
 */
export function VerifyEmailPage({ token }: { readonly token: string | undefined }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [linkToken] = useState(() => token ?? '')
  const [confirmed, setConfirmed] = useState(false)
  const confirm = useCallback(() => setConfirmed(true), [])
  useEffect(() => {
    if (hydrated && token !== undefined) void navigate({ to: '/verify-email', replace: true })
  }, [hydrated, token, navigate])
  return (
    <article className="page-intro account-page">
      <h1>
        {confirmed ? (
          <Trans>Email address confirmed</Trans>
        ) : (
          <Trans>Confirm your email address</Trans>
        )}
      </h1>
      {hydrated ? (
        <Verification token={linkToken} onConfirmed={confirm} />
      ) : (
        <p className="result-panel" role="status">
          <Trans>Confirming your email address…</Trans>
        </p>
      )}
    </article>
  )
}
