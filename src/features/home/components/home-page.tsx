import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Locale } from '../../../i18n/locales'
import { ServiceLink } from '../../services/components/service-link'
import { areaIds, areaNames, servicesInArea } from '../../services/service-table'

export function HomePage() {
  const { i18n } = useLingui()
  const locale: Locale = i18n.locale === 'es' ? 'es' : 'en'
  return (
    <article>
      <header className="page-intro hero">
        <h1>
          <Trans>Websites and web applications that work as hard as you do</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Puente Digital designs, builds and looks after fast, accessible websites in English and
            Spanish, from a single landing page to the software that runs your business.
          </Trans>
        </p>
        <div className="actions">
          <Link to="/contact" className="button button-primary">
            <Trans>Start a project</Trans>
          </Link>
          <Link to={locale === 'es' ? '/servicios' : '/services'} className="button">
            <Trans>See our services</Trans>
          </Link>
        </div>
      </header>
      <section aria-labelledby="home-areas">
        <h2 id="home-areas">
          <Trans>Five areas, one team</Trans>
        </h2>
        <div className="area-grid">
          {areaIds.map((area) => {
            const [first] = servicesInArea(area)
            return (
              <section key={area} className="area" aria-labelledby={`home-area-${area}`}>
                <h3 id={`home-area-${area}`}>{i18n._(areaNames[area])}</h3>
                {first && <ServiceLink service={first} locale={locale} />}
              </section>
            )
          })}
        </div>
      </section>
    </article>
  )
}
