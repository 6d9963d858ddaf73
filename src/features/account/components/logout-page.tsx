import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSession, useSessionSlot } from '../../../session/use-session'
import { useHydrated } from '../../../ui/use-hydrated'
import './account.css'

/**
 * `/logout`: ends this browser's session on the server, then says so (`deleted`: the account
 * was deleted, which ended the session already).
 */
export function LogoutPage({ deleted }: { readonly deleted: boolean }) {
  const hydrated = useHydrated()
  const slot = useSessionSlot()
  const { status, signOutFailed } = useSession()
  const asked = useRef(false)
  useEffect(() => {
    if (hydrated) void slot.load().then((runtime) => runtime.check())
  }, [hydrated, slot])
  useEffect(() => {
    // Once per visit: a failed sign-out waits for the visitor's "Try again".
    if (deleted || status !== 'signedIn' || asked.current) return
    asked.current = true
    slot.current()?.signOut()
  }, [status, slot, deleted])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const done = status === 'signedOut'
  useEffect(() => {
    if (done || signOutFailed || deleted) headingRef.current?.focus()
  }, [done, signOutFailed, deleted])

  if (status === 'signedIn' && signOutFailed) {
    return (
      <article className="page-intro account-page">
        <h1 ref={headingRef} tabIndex={-1} className="focus-target">
          <Trans>You are still signed in</Trans>
        </h1>
        <p className="lead">
          <Trans>We could not reach the server to end your session. Please try again.</Trans>
        </p>
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => slot.current()?.signOut()}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      </article>
    )
  }
  if (deleted) {
    return (
      <article className="page-intro account-page">
        <h1 ref={headingRef} tabIndex={-1} className="focus-target">
          <Trans>Your account has been deleted</Trans>
        </h1>
        <p className="lead">
          <Trans>
            We have removed your details and signed you out everywhere. A confirmation is on its way
            to your email address.
          </Trans>
        </p>
        <div className="actions">
          <Link to="/" className="button button-primary">
            <Trans>Go to the home page</Trans>
          </Link>
        </div>
      </article>
    )
  }
  if (!done) {
    return (
      <article className="page-intro account-page">
        <h1>
          <Trans>Signing you out…</Trans>
        </h1>
      </article>
    )
  }
  return (
    <article className="page-intro account-page">
      <h1 ref={headingRef} tabIndex={-1} className="focus-target">
        <Trans>You are signed out</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Your session on this device has ended. On a shared computer, close the browser window as
          well.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/login" className="button button-primary">
          <Trans>Sign in again</Trans>
        </Link>
        <Link to="/" className="button">
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </article>
  )
}
