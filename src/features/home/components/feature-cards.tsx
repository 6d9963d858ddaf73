import { useLingui } from '@lingui/react/macro'
import type { Locale } from '../../../../domain/locales'
import { ServiceLink } from '../../../ui/service-link'
import type { Card } from '../cards'
import { BadgeGlyph } from './home-icons'
import { ResponsivePicture } from './responsive-picture'

type FeatureCardsProps = {
  readonly cards: readonly Card[]
  readonly locale: Locale
}

// One column on phones, two from 40rem, four (about 17rem each) on wide screens.
const cardSizes =
  '(min-width: 72rem) 17rem, (min-width: 40rem) calc(50vw - 2rem), calc(100vw - 2rem)'

export function FeatureCards({ cards, locale }: FeatureCardsProps) {
  const { t } = useLingui()
  return (
    <ul className="feature-cards">
      {cards.map((card) => {
        return (
          <li key={card.buttonLink.en} className="feature-card">
            <ResponsivePicture
              className="feature-card-picture"
              image={card.imageSrc}
              alt={t(card.imageAlt)}
              sizes={cardSizes}
            />
            <div className="feature-card-body">
              {card.badge && (
                <p className="badge">
                  <BadgeGlyph icon={card.badge.icon} />
                  {t(card.badge.text)}
                </p>
              )}
              <h3>{t(card.title)}</h3>
              <p>{t(card.description)}</p>
              <ServiceLink
                service={card.buttonLink}
                locale={locale}
                className="button feature-card-link"
              >
                {t(card.buttonText)}
                {/* Four links read "Learn more": the card's title tells them apart. */}
                <span className="visually-hidden">: {t(card.title)}</span>
              </ServiceLink>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
