import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useEffect } from 'react'
import { warmDateFormats } from '../ui/date-styles'
import { type SignedIn, useSignedInUser } from './use-signed-in-user'
import './signed-in-shell.css'

/**
 * The frame of a signed-in page: its heading always (the prerendered shell holds nobody's
 * data), its content once the session says who is signed in; a signed-out visitor is sent
 * to the sign-in page. Every signed-in page (the profile, the client's services, the inbox)
 * is framed by it, whichever feature fills it.
 */
export function SignedInShell({
  title,
  wide = false,
  children,
}: {
  readonly title: ReactNode
  /** The page's content is tables (the inbox): it takes the layout's whole width. */
  readonly wide?: boolean
  readonly children: (signedIn: SignedIn) => ReactNode
}) {
  const signedIn = useSignedInUser()
  const { i18n } = useLingui()
  const checking = signedIn === undefined
  // The wait for the session is idle time: the pages' date formatters are made in it.
  useEffect(() => (checking ? warmDateFormats(i18n) : undefined), [checking, i18n])
  return (
    <article className={`page-intro signed-in-page${wide ? ' signed-in-page-wide' : ''}`}>
      <h1>{title}</h1>
      {signedIn ? (
        children(signedIn)
      ) : (
        <p className="result-panel" role="status">
          <Trans>Checking your session…</Trans>
        </p>
      )}
    </article>
  )
}
