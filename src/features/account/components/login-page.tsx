import { Trans } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { sameSitePath } from '../../../../domain/accounts/redirect'
import { useSession, useSessionSlot } from '../../../session/use-session'
import { takeReturnAfterSignIn } from '../../../ui/return-after-sign-in'
import { useHydrated } from '../../../ui/use-hydrated'
import { RecoveryRequestForm } from './recovery-request-form'
import { SignInForm } from './sign-in-form'
import './account.css'

/** `/login`: the sign-in form, the recovery request, and the way to register. */
export function LoginPage({ redirect }: { readonly redirect: string | undefined }) {
  const router = useRouter()
  const slot = useSessionSlot()
  const hydrated = useHydrated()
  const { user } = useSession()
  // The session's code arrives while the visitor types.
  useEffect(() => {
    if (hydrated) void slot.load()
  }, [hydrated, slot])
  return (
    <article className="page-intro account-page">
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      <p className="lead">
        <Trans>
          In your client area you request our services and follow each request in My services, keep
          your profile up to date and manage the devices you are signed in on.
        </Trans>
      </p>
      {user ? (
        <p className="result-panel">
          <Trans>You are signed in as {user.profile.name}.</Trans>{' '}
          <Link to="/my-services">
            <Trans>Go to my services</Trans>
          </Link>
        </p>
      ) : null}
      <SignInForm
        onSignedIn={(body) => {
          void slot.load().then((runtime) => {
            runtime.signedIn(body)
            // A page's own `?redirect=` first; else where a new client was going when they
            // registered (kept across the verification mail).
            const kept = takeReturnAfterSignIn()
            router.history.push(sameSitePath(redirect ?? kept))
          })
        }}
      />
      <details className="account-section">
        <summary>
          <Trans>Forgot your password?</Trans>
        </summary>
        <p>
          <Trans>
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </Trans>
        </p>
        <RecoveryRequestForm />
      </details>
      <p className="account-section">
        <Trans>No account yet?</Trans>{' '}
        <Link to="/register">
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </article>
  )
}
