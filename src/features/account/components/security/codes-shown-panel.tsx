import { Trans } from '@lingui/react/macro'
import type { ReactNode, Ref } from 'react'
import { RecoveryCodesList } from './recovery-codes-list'

/**
 * What a security change answers with: its status (which takes focus), the recovery codes it
 * brought, shown this once, and the button that moves on (and so lets the codes go).
 */
export function CodesShownPanel({
  bad = false,
  statusRef,
  status,
  codes,
  onDone,
  doneLabel = <Trans>Done</Trans>,
}: {
  readonly bad?: boolean
  readonly statusRef: Ref<HTMLParagraphElement>
  readonly status: ReactNode
  readonly codes: readonly string[]
  readonly onDone: () => void
  readonly doneLabel?: ReactNode
}) {
  return (
    <div className={bad ? 'result-panel result-panel-bad' : 'result-panel'}>
      <p ref={statusRef} tabIndex={-1} role="status" className="focus-target">
        {status}
      </p>
      {codes.length > 0 ? <RecoveryCodesList codes={codes} /> : null}
      <p className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          {doneLabel}
        </button>
      </p>
    </div>
  )
}
