import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { servicesListingPaths } from '../../../domain/pages/public-paths'
import { areaIds, areaNames, serviceTable } from '../../../domain/services/service-table'
import { useLocale } from '../../i18n/use-locale'
import { HydrateInTurn } from '../../ui/hydrate-in-turn'
import { ServiceLink } from '../../ui/service-link'

const menuServices = serviceTable.filter((service) => service.inMenu)

/**
 * The Services panel: one column per area (heading + its menu services), links in the page's
 * language. Most of the page's links are here, in a panel that is closed at first: they
 * hydrate after the rest of the page (HydrateInTurn), and until then navigate as plain links.
 */
export function MegaMenu() {
  return (
    <>
      <HydrateInTurn>
        <MenuColumns />
      </HydrateInTurn>
      <HydrateInTurn>
        <AllServices />
      </HydrateInTurn>
    </>
  )
}

function MenuColumns() {
  const { i18n } = useLingui()
  const id = useId()
  const locale = useLocale()
  return (
    <div className="mega-menu-columns">
      {areaIds.map((area) => (
        <div key={area} className="mega-menu-column">
          <h2 id={`${id}-${area}`} className="mega-menu-heading">
            {i18n._(areaNames[area])}
          </h2>
          <ul aria-labelledby={`${id}-${area}`}>
            {menuServices
              .filter((service) => service.area === area)
              .map((service) => (
                <li key={service.en}>
                  <ServiceLink service={service} locale={locale} className="mega-menu-link" />
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

function AllServices() {
  const locale = useLocale()
  return (
    <p className="mega-menu-all">
      <Link
        to={servicesListingPaths[locale]}
        activeOptions={{ exact: true }}
        className="mega-menu-all-link"
      >
        <Trans>All services</Trans>
      </Link>
    </p>
  )
}
