import type { ReactNode } from 'react'
import { RetryButton } from './retry-button'
import './result-panel.css'
import './form-field.css'

/**
 * What a view shows in place of a server read it waits for: while the read is under way a
 * status (announced, not focused: nothing has happened yet), and after it failed a heading,
 * with "Try again" where the view offers it. Each view names what it was loading.
 */
export function LoadState({
  failed,
  loading,
  failure,
  onRetry,
}: {
  readonly failed: boolean
  readonly loading: ReactNode
  readonly failure: ReactNode
  readonly onRetry?: () => void
}) {
  if (!failed)
    return (
      <p className="result-panel" role="status">
        {loading}
      </p>
    )
  return (
    <section className="result-panel result-panel-bad">
      <h2>{failure}</h2>
      {onRetry ? (
        <p className="form-actions">
          <RetryButton onRetry={onRetry} />
        </p>
      ) : null}
    </section>
  )
}
