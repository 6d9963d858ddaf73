import { Trans } from '@lingui/react/macro'

/** "Try again" after a failed answer: the main action of a failure's panel. */
export function RetryButton({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <button type="button" className="button button-primary" onClick={onRetry}>
      <Trans>Try again</Trans>
    </button>
  )
}
