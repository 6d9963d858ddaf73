import type { PublishedCard } from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import { ContentLink } from '../../../ui/content-link'
import { imageSetOf } from '../image-sets'
import { BadgeGlyph } from './home-icons'
import { ResponsivePicture } from './responsive-picture'

type FeatureCardsProps = {
  /** The published cards (the site's content), in their order. */
  readonly cards: readonly PublishedCard[]
  readonly locale: Locale
}

// One column on phones, two from 40rem, four (about 17rem each) on wide screens.
const cardSizes =
  '(min-width: 72rem) 17rem, (min-width: 40rem) calc(50vw - 2rem), calc(100vw - 2rem)'

export function FeatureCards({ cards, locale }: FeatureCardsProps) {
  return (
    <ul className="feature-cards">
      {cards.map((card, place) => {
        const image = imageSetOf(card.image.asset)
        return (
          // Cards have no id on the page: their place in the list is theirs.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered whole, never reordered in place
          <li key={place} className="feature-card">
            {image && (
              <ResponsivePicture
                className="feature-card-picture"
                image={image}
                alt={card.image.alt[locale]}
                sizes={cardSizes}
              />
            )}
            <div className="feature-card-body">
              {card.badge[locale] !== '' && (
                <p className="badge">
                  {card.badgeIcon !== '' && <BadgeGlyph icon={card.badgeIcon} />}
                  {card.badge[locale]}
                </p>
              )}
              <h3>{card.title[locale]}</h3>
              <p>{card.description[locale]}</p>
              <ContentLink href={card.link[locale]} className="button feature-card-link">
                {card.buttonText[locale]}
                {/* Four links read "Learn more": the card's title tells them apart. */}
                <span className="visually-hidden">: {card.title[locale]}</span>
              </ContentLink>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
