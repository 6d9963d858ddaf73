import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSignedIn } from '../../features/session/use-signed-in'
import { ThemeToggle } from '../../features/theme/theme-toggle'
import { LanguageMenu } from './language-menu'
import { ServicesMenu } from './services-menu'
import './navigation.css'

/**
 * The header: brand, the main navigation (WAI-ARIA disclosure navigation: links plus the
 * Services disclosure) and the language and theme controls. On narrow viewports the section
 * links and the controls move to the bottom bar (CSS), the account links stay.
 */
export function SiteHeader() {
  const { t } = useLingui()
  const signedIn = useSignedIn()
  return (
    <header className="site-header" data-signed-in={signedIn}>
      <Link to="/" className="brand">
        <Trans>Puente Digital</Trans>
      </Link>
      <nav className="main-nav" aria-label={t`Main`}>
        <ul className="nav-links">
          <li className="section-link">
            <Link to="/" activeOptions={{ exact: true }}>
              <Trans>Home</Trans>
            </Link>
          </li>
          <li className="section-link">
            <Link to="/about">
              <Trans>About</Trans>
            </Link>
          </li>
          <ServicesMenu />
          <li className="section-link">
            <Link to="/contact">
              <Trans>Contact</Trans>
            </Link>
          </li>
          {signedIn ? (
            <>
              <li>
                <Link to="/my-services">
                  <Trans>My services</Trans>
                </Link>
              </li>
              <li>
                <Link to="/profile">
                  <Trans>Profile</Trans>
                </Link>
              </li>
              <li>
                <Link to="/logout">
                  <Trans>Sign out</Trans>
                </Link>
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to="/login">
                  <Trans>Sign in</Trans>
                </Link>
              </li>
              <li>
                <Link to="/register">
                  <Trans>Register</Trans>
                </Link>
              </li>
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
