import { Trans } from '@lingui/react/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SignedInShell } from '../../../session/signed-in-shell'
import { FreshProofProvider } from '../../../session/step-up/fresh-proof'
import { sessionsQueryKey } from '../api/account-queries'
import { AccountData } from './account-data'
import { ChangePasswordForm } from './change-password-form'
import { ProfileDetails } from './profile-details'
import { SecuritySection } from './security/security-section'
import { SessionsList } from './sessions-list'
import './account.css'

/**
 * `/profile`: the details, the password, sign-in and security, the sessions, the data, and —
 * because the mobile bar shows this page instead of its settings panel to a signed-in visitor —
 * the site's settings (`settings`: the theme and language controls the shell owns). Sensitive
 * actions ask for fresh proof in one dialog (FreshProofProvider). `forInbox`: the inbox sent an
 * admin here to add a second factor.
 */
export function ProfilePage({
  settings,
  forInbox = false,
}: {
  readonly settings: ReactNode
  readonly forInbox?: boolean
}) {
  return (
    <SignedInShell title={<Trans>Your profile</Trans>}>
      {({ user, runtime }) => (
        <QueryClientProvider client={runtime.queryClient}>
          <FreshProofProvider>
            <ProfileDetails user={user} runtime={runtime} />
            <section className="account-section" aria-labelledby="profile-password-heading">
              <h2 id="profile-password-heading">
                <Trans>Password</Trans>
              </h2>
              <ChangePasswordForm
                onChanged={() =>
                  void runtime.queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
                }
              />
            </section>
            <section
              id="security"
              className="account-section"
              aria-labelledby="profile-security-heading"
            >
              <h2 id="profile-security-heading">
                <Trans>Sign-in and security</Trans>
              </h2>
              <SecuritySection forInbox={forInbox} />
            </section>
            <section className="account-section" aria-labelledby="profile-sessions-heading">
              <h2 id="profile-sessions-heading">
                <Trans>Where you are signed in</Trans>
              </h2>
              <SessionsList />
            </section>
            <section className="account-section" aria-labelledby="profile-data-heading">
              <h2 id="profile-data-heading">
                <Trans>Your data</Trans>
              </h2>
              <AccountData runtime={runtime} />
            </section>
            <section className="account-section" aria-labelledby="profile-settings-heading">
              <h2 id="profile-settings-heading">
                <Trans>Settings</Trans>
              </h2>
              <div className="account-settings">{settings}</div>
            </section>
          </FreshProofProvider>
        </QueryClientProvider>
      )}
    </SignedInShell>
  )
}
