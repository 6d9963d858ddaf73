import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function LoginPage() {
  return (
    <article className="page-intro">
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Your client area brings together your services, project updates and support requests in
          one place.
        </Trans>
      </p>
      <p>
        <Trans>
          Client sign-in opens to registered accounts once we have confirmed your details. If you do
          not have an account yet, registering takes two minutes.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/register" className="button button-primary">
          <Trans>Create an account</Trans>
        </Link>
        <Link to="/contact" className="button">
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </article>
  )
}
