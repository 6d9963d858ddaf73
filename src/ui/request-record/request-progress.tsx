import { useLingui } from '@lingui/react/macro'
import type { RequestStatus } from '../../../domain/requests/request-status'
import { requestStatusLabels } from '../../../domain/requests/request-status'

/** The steps work moves through, in order; declined and withdrawn end it instead. */
const steps: readonly RequestStatus[] = [
  'received',
  'inReview',
  'proposalSent',
  'inProgress',
  'delivered',
]

/** Where a closed request stopped: the last step its history reached. */
function reachedBefore(history: readonly { readonly to: RequestStatus }[]): number {
  return history.reduce((furthest, entry) => {
    const at = steps.indexOf(entry.to)
    return Math.max(furthest, at)
  }, 0)
}

/**
 * A request's progress as a row of steps (received → in review → proposal → in progress →
 * delivered): those done, the current one (`aria-current="step"`), those to come. A declined or
 * withdrawn request shows the steps it reached and ends with that status.
 */
export function RequestProgress({
  status,
  history,
}: {
  readonly status: RequestStatus
  readonly history: readonly { readonly to: RequestStatus }[]
}) {
  const { t, i18n } = useLingui()
  const closed = status === 'declined' || status === 'withdrawn'
  const current = closed ? reachedBefore(history) : steps.indexOf(status)
  return (
    <ol
      className={closed ? 'request-progress request-progress-closed' : 'request-progress'}
      aria-label={t`Progress`}
    >
      {steps.map((step, index) => {
        const done = index < current || (!closed && status === 'delivered' && index === current)
        const here = !closed && index === current
        return (
          <li
            key={step}
            className={done ? 'step-done' : here ? 'step-current' : 'step-upcoming'}
            aria-current={here ? 'step' : undefined}
          >
            <span className="step-mark" aria-hidden="true" />
            <span className="step-label">
              {i18n._(requestStatusLabels[step])}
              {done && !here ? <span className="visually-hidden"> ({t`done`})</span> : null}
            </span>
          </li>
        )
      })}
      {closed ? (
        <li className="step-closed" aria-current="step">
          <span className="step-mark" aria-hidden="true" />
          <span className="step-label">{i18n._(requestStatusLabels[status])}</span>
        </li>
      ) : null}
    </ol>
  )
}
