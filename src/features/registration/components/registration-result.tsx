import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import { ResultPanel } from '../../../ui/result-panel'
import { RetryButton } from '../../../ui/retry-button'

export const resultViews = [
  'success',
  'error',
  'registered',
  'resending',
  'resent',
  'resendFailed',
] as const
export type ResultView = (typeof resultViews)[number]

export type RegistrationResultProps = {
  readonly view: ResultView
  /** The server's text; each view has its default (docs/product.md, "Registration"). */
  readonly message: string | undefined
  readonly headingRef: Ref<HTMLHeadingElement>
  readonly onRetry: () => void
  readonly onResend: () => void
  readonly onEdit: () => void
}

/** What the visitor sees once the server answered (or the call failed). */
export function RegistrationResult({
  view,
  message,
  headingRef,
  onRetry,
  onResend,
  onEdit,
}: RegistrationResultProps) {
  switch (view) {
    case 'success':
      return (
        <ResultPanel
          tone="good"
          headingRef={headingRef}
          title={message ?? <Trans>Registration successful!</Trans>}
        >
          <p>
            <Trans>
              Check your inbox: we have sent you a link to confirm your email address. Open it, then
              sign in.
            </Trans>
          </p>
          <p className="actions">
            <Link to="/" className="button">
              <Trans>Back to the home page</Trans>
            </Link>
          </p>
        </ResultPanel>
      )
    case 'error':
      return (
        <ResultPanel
          tone="bad"
          headingRef={headingRef}
          title={message ?? <Trans>Registration failed. Please try again.</Trans>}
        >
          <p className="actions">
            <RetryButton onRetry={onRetry} />
          </p>
        </ResultPanel>
      )
    case 'registered':
    case 'resending':
      return (
        <ResultPanel
          tone="info"
          headingRef={headingRef}
          title={
            <Trans>User already registered. Would you like to resend the recovery email?</Trans>
          }
        >
          <p className="actions">
            <button
              type="button"
              className="button button-primary"
              onClick={onResend}
              aria-disabled={view === 'resending'}
            >
              {view === 'resending' ? (
                <Trans>Sending the recovery email…</Trans>
              ) : (
                <Trans>Resend recovery email</Trans>
              )}
            </button>
            {view === 'registered' ? (
              <button type="button" className="button" onClick={onEdit}>
                <Trans>Use a different email address</Trans>
              </button>
            ) : null}
          </p>
        </ResultPanel>
      )
    case 'resent':
      return (
        <ResultPanel
          tone="good"
          headingRef={headingRef}
          title={message ?? <Trans>Recovery email has been sent successfully.</Trans>}
        />
      )
    case 'resendFailed':
      return (
        <ResultPanel
          tone="bad"
          headingRef={headingRef}
          title={message ?? <Trans>Failed to send recovery email.</Trans>}
        >
          <p className="actions">
            <RetryButton onRetry={onResend} />
          </p>
        </ResultPanel>
      )
  }
}
