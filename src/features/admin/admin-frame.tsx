import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SignedInShell } from '../../session/signed-in-shell'
import { FreshProofProvider } from '../../session/step-up/fresh-proof'
import '../../ui/form-field.css'

/**
 * The frame of every `/admin` page (the inbox, the site content): the signed-in frame, for
 * admins only. The gate here is for the page alone (a client sees why they cannot use it); the
 * server refuses every admin call from anyone else.
 */
export function AdminFrame({
  title,
  children,
}: {
  readonly title: ReactNode
  readonly children: ReactNode
}) {
  return (
    <SignedInShell title={title} wide>
      {({ user, runtime }) =>
        user.role === 'admin' ? (
          <QueryClientProvider client={runtime.queryClient}>
            <FreshProofProvider>{children}</FreshProofProvider>
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
