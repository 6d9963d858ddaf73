import { Trans } from '@lingui/react/macro'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { describeRouteError } from '../describe-route-error'

/** Shown when a route throws: the agreed wording "Unexpected Application Error!", with the status or message. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  return (
    <article className="page-intro" role="alert">
      <h1>
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      <p className="lead">{describeRouteError(error)}</p>
    </article>
  )
}
