import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import { PrivacyLink } from '../../ui/privacy-link'
import { ServicesListingLink } from '../../ui/services-listing-link'

/** The footer: links only, so it hydrates after the rest of the page (HydrateInTurn). */
export function SiteFooter() {
  return (
    <HydrateInTurn>
      <Footer />
    </HydrateInTurn>
  )
}

function Footer() {
  const { t } = useLingui()
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <p>
        <Trans>
          © {year} Puente Digital. Web design, development and care, in English and Spanish.
        </Trans>
      </p>
      <nav aria-label={t`Footer`}>
        <ul>
          {/* Also the way to the services without JavaScript (the header's menu needs it). */}
          <li>
            <ServicesListingLink>
              <Trans>Services</Trans>
            </ServicesListingLink>
          </li>
          <li>
            <Link to="/about">
              <Trans>About</Trans>
            </Link>
          </li>
          <li>
            <Link to="/contact">
              <Trans>Contact</Trans>
            </Link>
          </li>
          <li>
            <PrivacyLink>
              <Trans>Privacy notice</Trans>
            </PrivacyLink>
          </li>
        </ul>
      </nav>
    </footer>
  )
}
