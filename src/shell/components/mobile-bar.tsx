import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { toLocale } from '../../../domain/locales'
import { servicesListingPaths } from '../../../domain/pages/public-paths'
import { useSession } from '../../session/use-session'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import {
  AboutIcon,
  ContactIcon,
  HomeIcon,
  InboxIcon,
  MyServicesIcon,
  ProfileIcon,
  ServicesIcon,
} from './nav-icons'
import { SettingsMenu } from './settings-menu'
import './navigation.css'

/**
 * The bottom-pinned bar of narrow viewports (hidden by CSS on wide ones). A visitor gets four
 * sections and the settings panel; a signed-in client the portal instead: home, services, their
 * requests, contact and their profile (About stays in the footer); an admin the inbox in the
 * place of contact. The bar hydrates after the page's frame, and its links after the settings
 * panel: each in a task of its own (HydrateInTurn).
 */
export function MobileBar() {
  return (
    <HydrateInTurn>
      <Bar />
    </HydrateInTurn>
  )
}

/** One of the bar's links: its icon above its name, hydrated in its own turn. */
function BarLink({
  to,
  icon,
  exact = false,
  children,
}: {
  readonly to:
    | '/'
    | '/about'
    | '/services'
    | '/servicios'
    | '/contact'
    | '/my-services'
    | '/admin'
    | '/profile'
  readonly icon: ReactNode
  readonly exact?: boolean
  readonly children: ReactNode
}) {
  return (
    <HydrateInTurn>
      <li>
        <Link to={to} className="bar-item" activeOptions={{ exact }}>
          {icon}
          <span>{children}</span>
        </Link>
      </li>
    </HydrateInTurn>
  )
}

function Bar() {
  const { t, i18n } = useLingui()
  const user = useSession().user
  const signedIn = user !== undefined
  return (
    <nav className="mobile-bar" aria-label={t`Quick navigation`}>
      <ul>
        <BarLink to="/" icon={<HomeIcon />} exact>
          <Trans>Home</Trans>
        </BarLink>
        {signedIn ? null : (
          <BarLink to="/about" icon={<AboutIcon />}>
            <Trans>About</Trans>
          </BarLink>
        )}
        <BarLink to={servicesListingPaths[toLocale(i18n.locale)]} icon={<ServicesIcon />} exact>
          <Trans>Services</Trans>
        </BarLink>
        {signedIn ? (
          <BarLink to="/my-services" icon={<MyServicesIcon />}>
            <Trans>My services</Trans>
          </BarLink>
        ) : null}
        {user?.role === 'admin' ? (
          <BarLink to="/admin" icon={<InboxIcon />}>
            <Trans>Inbox</Trans>
          </BarLink>
        ) : (
          <BarLink to="/contact" icon={<ContactIcon />}>
            <Trans>Contact</Trans>
          </BarLink>
        )}
        {signedIn ? (
          <BarLink to="/profile" icon={<ProfileIcon />}>
            <Trans>Profile</Trans>
          </BarLink>
        ) : (
          <SettingsMenu />
        )}
      </ul>
    </nav>
  )
}
