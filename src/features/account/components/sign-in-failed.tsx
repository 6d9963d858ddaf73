import { Trans } from '@lingui/react/macro'
import type { Ref } from 'react'
import { ResultPanel } from '../../../ui/result-panel'
import { RetryButton } from '../../../ui/retry-button'

/**
 * A sign-in step that failed (the password's or the second factor's): the server's message, or
 * ours for too many attempts or any other failure, and "Try again".
 */
export function SignInFailed({
  rateLimited,
  message,
  headingRef,
  onRetry,
}: {
  readonly rateLimited: boolean
  readonly message: string | undefined
  readonly headingRef: Ref<HTMLHeadingElement>
  readonly onRetry: () => void
}) {
  return (
    <ResultPanel
      tone="bad"
      headingRef={headingRef}
      title={
        message ??
        (rateLimited ? (
          <Trans>Too many attempts. Please wait a few minutes, then try again.</Trans>
        ) : (
          <Trans>Sign-in failed. Please try again.</Trans>
        ))
      }
    >
      <p className="form-actions">
        <RetryButton onRetry={onRetry} />
      </p>
    </ResultPanel>
  )
}
