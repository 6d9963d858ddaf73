import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { Locale } from '../../../domain/locales'
import { areaIds, areaNames, servicesInArea } from '../../../domain/services/service-table'
import { ServiceLink } from '../../../ui/service-link'

export function ServicesListingPage({ locale }: { readonly locale: Locale }) {
  const { i18n } = useLingui()
  return (
    <article>
      <header className="page-intro">
        <h1>
          <Trans>Our services</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Twenty-eight services in five areas, from the first sketch to the servers that keep a
            product running. Pick one to see what it includes and how we work.
          </Trans>
        </p>
      </header>
      <div className="area-grid">
        {areaIds.map((area) => (
          <section key={area} aria-labelledby={`area-${area}`} className="area">
            <h2 id={`area-${area}`}>{i18n._(areaNames[area])}</h2>
            <ul>
              {servicesInArea(area).map((service) => (
                <li key={service.en}>
                  <ServiceLink service={service} locale={locale} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  )
}
