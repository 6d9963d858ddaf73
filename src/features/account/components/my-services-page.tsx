import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ServicesListingLink } from '../../../ui/services-listing-link'

export function MyServicesPage() {
  return (
    <article className="page-intro">
      <h1>
        <Trans>My services</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Here you follow the services you have with us: their status, the next milestone and who is
          looking after each one.
        </Trans>
      </p>
      <p>
        <Trans>You are not signed in. Sign in to see your services.</Trans>
      </p>
      <div className="actions">
        <Link to="/login" className="button button-primary">
          <Trans>Sign in</Trans>
        </Link>
        <ServicesListingLink className="button">
          <Trans>Browse our services</Trans>
        </ServicesListingLink>
      </div>
    </article>
  )
}
