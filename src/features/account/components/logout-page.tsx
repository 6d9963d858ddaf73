import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function LogoutPage() {
  return (
    <article className="page-intro">
      <h1>
        <Trans>You are signed out</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Your session on this device has ended. On a shared computer, close the browser window as
          well.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/login" className="button button-primary">
          <Trans>Sign in again</Trans>
        </Link>
        <Link to="/" className="button">
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </article>
  )
}
