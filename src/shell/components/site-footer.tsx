import { useLingui as useLinguiRuntime } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { agency } from '../../../domain/agency'
import { officeHours } from '../../../domain/agency-hours'
import { mailtoHref } from '../../../domain/mailto'
import { areaIds, areaNames } from '../../../domain/services/service-table'
import { WorkListingLink } from '../../ui/case-study-link'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import { PrivacyLink } from '../../ui/privacy-link'
import { knownPublishedContent } from '../../ui/published-content'
import { ServicesListingLink } from '../../ui/services-listing-link'
import { WhatsappLink } from '../../ui/whatsapp-link'

/** The footer: links only, so it hydrates after the rest of the page (HydrateInTurn). */
export function SiteFooter() {
  return (
    <HydrateInTurn>
      <Footer />
    </HydrateInTurn>
  )
}

/**
 * The agency's WhatsApp number on a page that shows the site's content (its route loads it and
 * its HTML carries it, so the server's page and the hydrated one agree); null elsewhere, or
 * when it has none.
 */
function useFooterWhatsapp(): string | null {
  const showsContent = useRouterState({
    select: (state) => state.matches.at(-1)?.staticData.page?.content === true,
  })
  return showsContent ? (knownPublishedContent()?.whatsapp ?? null) : null
}

function Footer() {
  const { i18n } = useLinguiRuntime()
  const year = new Date().getFullYear()
  const whatsapp = useFooterWhatsapp()
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <section className="footer-brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="brand">
            <Trans>Puente Digital</Trans>
          </h2>
          <p>
            <Trans>
              Web design, development and care for businesses in Mexico and beyond, in English and
              Spanish.
            </Trans>
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">
            <Trans>Contact</Trans>
          </h2>
          <ul>
            <li>
              <a href={mailtoHref(agency.email)}>{agency.email}</a>
            </li>
            <li>
              <a href={`tel:${agency.phone.dialled}`}>{agency.phone.shown}</a>
            </li>
            <li>{i18n._(officeHours)}</li>
            {whatsapp !== null && (
              <li>
                <WhatsappLink digits={whatsapp} />
              </li>
            )}
          </ul>
          <address>
            {agency.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>
              <Trans>Mexico</Trans>
            </span>
          </address>
        </section>
        {/* Also the way to the services without JavaScript (the header's menu needs it). */}
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">
            <Trans>Services</Trans>
          </h2>
          <ul>
            {areaIds.map((area) => (
              <li key={area}>
                <ServicesListingLink hash={`area-${area}`}>
                  {i18n._(areaNames[area])}
                </ServicesListingLink>
              </li>
            ))}
            <li>
              <ServicesListingLink>
                <Trans>All services</Trans>
              </ServicesListingLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">
            <Trans>Company</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/about">
                <Trans>About</Trans>
              </Link>
            </li>
            <li>
              <WorkListingLink>
                <Trans>Our work</Trans>
              </WorkListingLink>
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
      </div>
      <p className="footer-legal">
        <Trans>© {year} Puente Digital. All rights reserved.</Trans>
      </p>
    </footer>
  )
}
