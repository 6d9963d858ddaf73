import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SignedInShell } from './signed-in-shell'

/**
 * `/my-services/<request id>`: the signed-in frame and the app's query client around one
 * request's workspace (another feature's, composed by the route), with the way back to the list.
 */
export function ServiceRequestPage({ children }: { readonly children: ReactNode }) {
  return (
    <SignedInShell title={<Trans>Your service request</Trans>}>
      {({ runtime }) => (
        <>
          <p>
            <Link to="/my-services">
              <Trans>Back to my services</Trans>
            </Link>
          </p>
          <QueryClientProvider client={runtime.queryClient}>{children}</QueryClientProvider>
        </>
      )}
    </SignedInShell>
  )
}
