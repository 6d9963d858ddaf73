import { useLingui } from '@lingui/react/macro'
import { memo } from 'react'
import type { Locale } from '../../../../domain/locales'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import type { Slide } from '../slides'
import { ResponsivePicture } from './responsive-picture'
import { SlideButton } from './slide-button'
import { Slideshow } from './slideshow'

type HeroSlideshowProps = {
  readonly slides: readonly Slide[]
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
        slideKeys={slides.map((slide) => slide.id)}
        content={(index) => {
          const slide = slides[index]
          return slide && <SlideContent slide={slide} locale={locale} first={index === 0} />
        }}
      />
    </HydrateInTurn>
  )
}

type SlideContentProps = { readonly slide: Slide; readonly locale: Locale; readonly first: boolean }

/**
 * A slide's text, picture and link. Memoised: a slide change only flips the slides' and dots'
 * attributes, it does not render the slides' content again (a phone's main thread stays free
 * while the slideshow rotates).
 */
const SlideContent = memo(function SlideContent({ slide, locale, first }: SlideContentProps) {
  const { t } = useLingui()
  return (
    <>
      <div className="slide-text">
        <p className="eyebrow">{t(slide.subtitle)}</p>
        <h2 className="slide-title">{t(slide.title)}</h2>
        <p className="slide-paragraph">{t(slide.paragraph)}</p>
        <SlideButton link={slide.buttonLink[locale]} locale={locale}>
          {t(slide.buttonText)}
        </SlideButton>
      </div>
      <ResponsivePicture
        className="slide-picture"
        image={slide.imageSrc}
        alt={t(slide.imageAlt)}
        sizes={heroSizes}
        priority={first}
      />
    </>
  )
})
