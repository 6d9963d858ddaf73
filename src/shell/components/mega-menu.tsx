import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { servicesListingPaths } from '../../domain/pages/public-paths'
import { areaIds, areaNames, serviceTable } from '../../domain/services/service-table'
import { useLocale } from '../../i18n/use-locale'
import { ServiceLink } from '../../ui/service-link'

const menuServices = serviceTable.filter((service) => service.inMenu)

/** The Services panel: one column per area (heading + its menu services), links in the page's language. */
export function MegaMenu() {
  const { i18n } = useLingui()
  const id = useId()
  const locale = useLocale()
  return (
    <>
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
      <p className="mega-menu-all">
        <Link
          to={servicesListingPaths[locale]}
          activeOptions={{ exact: true }}
          className="mega-menu-all-link"
        >
          <Trans>All services</Trans>
        </Link>
      </p>
    </>
  )
}
