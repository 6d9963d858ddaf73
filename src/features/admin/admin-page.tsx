import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AdminSearch } from '../../../domain/requests/admin-search'
import { SignedInShell } from '../../session/signed-in-shell'
import { FreshProofProvider } from '../../session/step-up/fresh-proof'
import '../../ui/form-field.css'
import { AdminInbox } from './admin-inbox'

/**
 * `/admin`: the agency's inbox for admins only, in the signed-in frame. The gate here is for the
 * page alone (a client sees why they cannot use it); the server refuses every admin call from
 * anyone else.
 */
export function AdminPage({ search }: { readonly search: AdminSearch }) {
  return (
    <SignedInShell title={<Trans>Inbox</Trans>} wide>
      {({ user, runtime }) =>
        user.role === 'admin' ? (
          <QueryClientProvider client={runtime.queryClient}>
            <FreshProofProvider>
              <AdminInbox search={search} />
            </FreshProofProvider>
          </QueryClientProvider>
        ) : (
          <section className="result-panel result-panel-bad">
            <h2>
              <Trans>You don't have access to this page</Trans>
            </h2>
            <p>
              <Trans>
                The inbox is for the Puente Digital team. Your requests and our answers are in “My
                services”.
              </Trans>
            </p>
            <p className="form-actions">
              <Link to="/" className="button button-primary">
                <Trans>Go to the home page</Trans>
              </Link>
              <Link to="/my-services" className="button">
                <Trans>My services</Trans>
              </Link>
            </p>
          </section>
        )
      }
    </SignedInShell>
  )
}
