import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SignedInShell } from './signed-in-shell'

/**
 * `/my-services`: the signed-in frame and the app's query client around the client's requests
 * (another feature's list, composed by the route).
 */
export function MyServicesPage({ children }: { readonly children: ReactNode }) {
  return (
    <SignedInShell title={<Trans>My services</Trans>}>
      {({ user, runtime }) => (
        <>
          <p className="lead">
            <Trans>Welcome, {user.profile.name}.</Trans>
          </p>
          <QueryClientProvider client={runtime.queryClient}>{children}</QueryClientProvider>
        </>
      )}
    </SignedInShell>
  )
}
