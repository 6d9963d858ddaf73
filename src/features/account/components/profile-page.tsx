import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function ProfilePage() {
  return (
    <article className="page-intro">
      <h1>
        <Trans>Your profile</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Your profile holds your name, contact details and address, the details we use for
          proposals and invoices.
        </Trans>
      </p>
      <p>
        <Trans>You are not signed in. Sign in to see and update your details.</Trans>
      </p>
      <div className="actions">
        <Link to="/login" className="button button-primary">
          <Trans>Sign in</Trans>
        </Link>
        <Link to="/register" className="button">
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </article>
  )
}
