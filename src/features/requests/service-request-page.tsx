import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SignedInShell } from '../../session/signed-in-shell'
import { RequestWorkspace } from './request-workspace'

/**
 * `/my-services/<request id>`: the signed-in frame and the app's query client around one
 * request's workspace, with the way back to the list.
 */
export function ServiceRequestPage({ requestId }: { readonly requestId: string }) {
  return (
    <SignedInShell title={<Trans>Your service request</Trans>}>
      {({ runtime }) => (
        <>
          <p>
            <Link to="/my-services">
              <Trans>Back to my services</Trans>
            </Link>
          </p>
          <QueryClientProvider client={runtime.queryClient}>
            <RequestWorkspace requestId={requestId} />
          </QueryClientProvider>
        </>
      )}
    </SignedInShell>
  )
}
