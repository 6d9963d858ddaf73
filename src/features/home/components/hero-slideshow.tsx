import { memo } from 'react'
import type { PublishedSlide } from '../../../../domain/content/published-content'
import type { Locale } from '../../../../domain/locales'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import { imageSetOf } from '../image-sets'
import { ResponsivePicture } from './responsive-picture'
import { SlideButton } from './slide-button'
import { Slideshow } from './slideshow'

type HeroSlideshowProps = {
  /** The published slides (the site's content), in their order: one at least. */
  readonly slides: readonly PublishedSlide[]
  readonly locale: Locale
}

// The image column is about 38rem wide from 56rem up, the full width below.
const heroSizes = '(min-width: 56rem) 38rem, calc(100vw - 2rem)'

/**
 * The home page's hero: the carousel (./slideshow.tsx) with each slide's text, picture and link.
 * Before the app loads, the same carousel runs as an island over this markup
 * (src/hydration/slideshow-island.tsx), and this one takes its machine over (docs/decisions/068).
 */
export function HeroSlideshow({ slides, locale }: HeroSlideshowProps) {
  // Its own task after the page's frame (HydrateInTurn); a control clicked before is replayed.
  return (
    <HydrateInTurn>
      <Slideshow
        // Slides have no id on the page: their place is theirs (the list is rendered whole).
        slideKeys={slides.map((_, place) => String(place))}
        content={(index) => {
          const slide = slides[index]
          return slide && <SlideContent slide={slide} locale={locale} first={index === 0} />
        }}
      />
    </HydrateInTurn>
  )
}

type SlideContentProps = {
  readonly slide: PublishedSlide
  readonly locale: Locale
  readonly first: boolean
}

/**
 * A slide's text, picture and link. Memoised: a slide change only flips the slides' and dots'
 * attributes, it does not render the slides' content again (a phone's main thread stays free
 * while the slideshow rotates).
 */
const SlideContent = memo(function SlideContent({ slide, locale, first }: SlideContentProps) {
  // An artwork the build does not have shows no picture rather than a broken one.
  const image = imageSetOf(slide.image.asset)
  return (
    <>
      <div className="slide-text">
        <p className="eyebrow">{slide.subtitle[locale]}</p>
        <h2 className="slide-title">{slide.title[locale]}</h2>
        <p className="slide-paragraph">{slide.paragraph[locale]}</p>
        <SlideButton href={slide.buttonLink[locale]}>{slide.buttonText[locale]}</SlideButton>
      </div>
      {image && (
        <ResponsivePicture
          className="slide-picture"
          image={image}
          alt={slide.image.alt[locale]}
          sizes={heroSizes}
          priority={first}
        />
      )}
    </>
  )
})
