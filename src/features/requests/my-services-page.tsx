import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import { SignedInShell } from '../../session/signed-in-shell'
import { MyRequests } from './my-requests'

/**
 * `/my-services`: the signed-in frame and the app's query client around the client's requests.
 */
export function MyServicesPage() {
  return (
    <SignedInShell title={<Trans>My services</Trans>}>
      {({ user, runtime }) => (
        <>
          <p className="lead">
            <Trans>Welcome, {user.profile.name}.</Trans>
          </p>
          <QueryClientProvider client={runtime.queryClient}>
            <MyRequests />
          </QueryClientProvider>
        </>
      )}
    </SignedInShell>
  )
}
