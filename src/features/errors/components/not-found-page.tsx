import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <article className="page-intro">
      <p className="eyebrow">404</p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p className="lead">
        <Trans>
          The page you are looking for does not exist or has moved. Check the address, or start
          again from one of these pages.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/" className="button button-primary">
          <Trans>Go to the home page</Trans>
        </Link>
        <Link to="/contact" className="button">
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </article>
  )
}
