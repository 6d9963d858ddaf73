import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { PasswordResetFlow } from './password-reset-flow'
import './registration.css'

/**
 * `/reset-password?token=…`. The page is prerendered without a token, so the token is read
 * after hydration (the first render matches the static HTML), then removed from the address
 * bar: it should not linger in the history or be shared by a copied URL.
 */
export function ResetPasswordPage({ token }: { readonly token: string | undefined }) {
  const navigate = useNavigate()
  const [linkToken, setLinkToken] = useState<string | undefined>(undefined)
  // Once: clearing the address re-renders with no token before this state update lands.
  const captured = useRef(false)
  useEffect(() => {
    if (captured.current) return
    captured.current = true
    setLinkToken(token ?? '')
    if (token !== undefined) void navigate({ to: '/reset-password', search: {}, replace: true })
  }, [token, navigate])

  return (
    <article className="registration-page">
      <header className="page-intro">
        <h1>
          <Trans>Choose a new password</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Your new password replaces the old one at once. The link in the email works only once,
            within an hour.
          </Trans>
        </p>
      </header>
      {linkToken === undefined ? null : <PasswordResetFlow token={linkToken} />}
    </article>
  )
}
