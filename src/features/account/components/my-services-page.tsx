import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ServicesListingLink } from '../../../ui/services-listing-link'
import { SignedInShell } from './signed-in-shell'

/** `/my-services`: the client's services (none yet: a real empty state). */
export function MyServicesPage() {
  return (
    <SignedInShell title={<Trans>My services</Trans>}>
      {({ user }) => (
        <>
          <p className="lead">
            <Trans>Welcome, {user.profile.name}.</Trans>
          </p>
          <section className="result-panel">
            <h2>
              <Trans>You have no services with us yet</Trans>
            </h2>
            <p>
              <Trans>
                When we start working together, each service appears here with its status, the next
                milestone and who is looking after it.
              </Trans>
            </p>
            <p className="form-actions">
              <ServicesListingLink className="button button-primary">
                <Trans>Browse our services</Trans>
              </ServicesListingLink>
              <Link to="/contact" className="button">
                <Trans>Contact us</Trans>
              </Link>
            </p>
          </section>
        </>
      )}
    </SignedInShell>
  )
}
