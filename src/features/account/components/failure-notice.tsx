import type { ReactNode, Ref } from 'react'
import { RetryButton } from '../../../ui/retry-button'
import '../../../ui/form-field.css'

/**
 * A profile action that failed: its message (focused when it appears, so it is read at once)
 * and "Try again", with any other way out (`children`) beside it.
 */
export function FailureNotice({
  statusRef,
  message,
  onRetry,
  children,
}: {
  readonly statusRef: Ref<HTMLParagraphElement>
  readonly message: ReactNode
  readonly onRetry: () => void
  readonly children?: ReactNode
}) {
  return (
    <div className="result-panel result-panel-bad">
      <p ref={statusRef} tabIndex={-1} className="focus-target">
        {message}
      </p>
      <p className="form-actions">
        <RetryButton onRetry={onRetry} />
        {children}
      </p>
    </div>
  )
}
