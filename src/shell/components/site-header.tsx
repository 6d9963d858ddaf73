import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ThemeToggle } from '../../features/theme/theme-toggle'
import { useSession, useSessionWatch } from '../../session/use-session'
import { WorkListingLink } from '../../ui/case-study-link'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import { AccountMenu } from './account-menu'
import { LanguageMenu } from './language-menu'
import { ServicesMenu } from './services-menu'
import './navigation.css'

/**
 * The header: brand, the main navigation (WAI-ARIA disclosure navigation: links plus the
 * Services disclosure) and the language and theme controls. On narrow viewports the section
 * links and the controls move to the bottom bar (CSS), the account links stay. A signed-in
 * visitor gets the account menu (their first name) instead of "Sign in / Create account".
 */
export function SiteHeader() {
  // The header hydrates after the page's frame, and its links after its controls: each in a
  // task of its own (HydrateInTurn).
  return (
    <HydrateInTurn>
      <Header />
    </HydrateInTurn>
  )
}

function Header() {
  const { t } = useLingui()
  useSessionWatch()
  const { user } = useSession()
  const signedIn = user !== undefined
  return (
    <header className="site-header" data-signed-in={signedIn}>
      <HydrateInTurn>
        <Link to="/" className="brand">
          <Trans>Puente Digital</Trans>
        </Link>
      </HydrateInTurn>
      <nav className="main-nav" aria-label={t`Main`}>
        <ul className="nav-links">
          <HydrateInTurn>
            <li className="section-link">
              <Link to="/" activeOptions={{ exact: true }}>
                <Trans>Home</Trans>
              </Link>
            </li>
          </HydrateInTurn>
          <HydrateInTurn>
            <li className="section-link">
              <Link to="/about">
                <Trans>About</Trans>
              </Link>
            </li>
          </HydrateInTurn>
          <ServicesMenu />
          <HydrateInTurn>
            <li className="section-link">
              <WorkListingLink>
                <Trans>Our work</Trans>
              </WorkListingLink>
            </li>
          </HydrateInTurn>
          <HydrateInTurn>
            <li className="section-link">
              <Link to="/contact">
                <Trans>Contact</Trans>
              </Link>
            </li>
          </HydrateInTurn>
          {user ? (
            <AccountMenu firstName={user.profile.name} admin={user.role === 'admin'} />
          ) : (
            <>
              <HydrateInTurn>
                <li>
                  <Link to="/login">
                    <Trans>Sign in</Trans>
                  </Link>
                </li>
              </HydrateInTurn>
              <HydrateInTurn>
                <li>
                  {/* The same words as the page it opens ("Create an account"), short enough for
                      a phone's one-row header. */}
                  <Link to="/register">
                    <Trans>Create account</Trans>
                  </Link>
                </li>
              </HydrateInTurn>
            </>
          )}
        </ul>
      </nav>
      <div className="header-controls">
        <LanguageMenu />
        <ThemeToggle />
      </div>
    </header>
  )
}
