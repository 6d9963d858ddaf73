import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { Locale } from '../../../../domain/locales'
import {
  areaIds,
  areaNames,
  serviceNames,
  servicesInArea,
} from '../../../../domain/services/service-table'
import { ServiceLink } from '../../../ui/service-link'
import { areaArtwork, artworkSize } from '../area-artwork'
import { areaIntros } from '../area-intros'
import { ArrowIcon } from './arrow-icon'

export function ServicesListingPage({ locale }: { readonly locale: Locale }) {
  const { i18n } = useLingui()
  return (
    <article className="services-listing">
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
      {areaIds.map((area, index) => (
        <section key={area} aria-labelledby={`area-${area}`} className="area-section">
          <div className="area-section-intro">
            <img
              className="area-section-art"
              src={areaArtwork[area]}
              width={artworkSize.width}
              height={artworkSize.height}
              alt=""
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <h2 id={`area-${area}`}>{i18n._(areaNames[area])}</h2>
            <p className="area-intro-text">{i18n._(areaIntros[area])}</p>
          </div>
          <ul className="area-cards">
            {servicesInArea(area).map((service) => (
              <li key={service.en} className="area-card">
                <ServiceLink service={service} locale={locale} className="area-card-link">
                  {i18n._(serviceNames[service.en])}
                  <ArrowIcon />
                </ServiceLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  )
}
