import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ThemeToggle } from '../../theme/theme-toggle'
import { LanguageSwitch } from './language-switch'

export function SiteHeader() {
  const { t, i18n } = useLingui()
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        <Trans>Puente Digital</Trans>
      </Link>
      <nav aria-label={t`Main`}>
        <ul className="nav-links">
          <li>
            <Link to="/" activeOptions={{ exact: true }}>
              <Trans>Home</Trans>
            </Link>
          </li>
          <li>
            <Link to="/about">
              <Trans>About</Trans>
            </Link>
          </li>
          <li>
            <Link to={i18n.locale === 'es' ? '/servicios' : '/services'}>
              <Trans>Services</Trans>
            </Link>
          </li>
          <li>
            <Link to="/contact">
              <Trans>Contact</Trans>
            </Link>
          </li>
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
        </ul>
      </nav>
      <div className="header-controls">
        <LanguageSwitch />
        <ThemeToggle />
      </div>
    </header>
  )
}
