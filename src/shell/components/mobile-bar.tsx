import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
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

function Bar() {
  const { t, i18n } = useLingui()
  const user = useSession().user
  const signedIn = user !== undefined
  return (
    <nav className="mobile-bar" aria-label={t`Quick navigation`}>
      <ul>
        <HydrateInTurn>
          <li>
            <Link to="/" className="bar-item" activeOptions={{ exact: true }}>
              <HomeIcon />
              <span>
                <Trans>Home</Trans>
              </span>
            </Link>
          </li>
        </HydrateInTurn>
        {signedIn ? null : (
          <HydrateInTurn>
            <li>
              <Link to="/about" className="bar-item">
                <AboutIcon />
                <span>
                  <Trans>About</Trans>
                </span>
              </Link>
            </li>
          </HydrateInTurn>
        )}
        <HydrateInTurn>
          <li>
            <Link
              to={servicesListingPaths[toLocale(i18n.locale)]}
              className="bar-item"
              activeOptions={{ exact: true }}
            >
              <ServicesIcon />
              <span>
                <Trans>Services</Trans>
              </span>
            </Link>
          </li>
        </HydrateInTurn>
        {signedIn ? (
          <HydrateInTurn>
            <li>
              <Link to="/my-services" className="bar-item">
                <MyServicesIcon />
                <span>
                  <Trans>My services</Trans>
                </span>
              </Link>
            </li>
          </HydrateInTurn>
        ) : null}
        {user?.role === 'admin' ? (
          <HydrateInTurn>
            <li>
              <Link to="/admin" className="bar-item">
                <InboxIcon />
                <span>
                  <Trans>Inbox</Trans>
                </span>
              </Link>
            </li>
          </HydrateInTurn>
        ) : (
          <HydrateInTurn>
            <li>
              <Link to="/contact" className="bar-item">
                <ContactIcon />
                <span>
                  <Trans>Contact</Trans>
                </span>
              </Link>
            </li>
          </HydrateInTurn>
        )}
        {signedIn ? (
          <HydrateInTurn>
            <li>
              <Link to="/profile" className="bar-item">
                <ProfileIcon />
                <span>
                  <Trans>Profile</Trans>
                </span>
              </Link>
            </li>
          </HydrateInTurn>
        ) : (
          <SettingsMenu />
        )}
      </ul>
    </nav>
  )
}
