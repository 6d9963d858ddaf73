import { useLingui } from '@lingui/react/macro'
import { memo } from 'react'
import type { Locale } from '../../../../domain/locales'
import { HydrateInTurn } from '../../../ui/hydrate-in-turn'
import { useSlideshow } from '../hooks/use-slideshow'
import type { Slide } from '../slides'
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './home-icons'
import { ResponsivePicture } from './responsive-picture'
import { SlideButton } from './slide-button'

type HeroSlideshowProps = {
  readonly slides: readonly Slide[]
  readonly locale: Locale
}

// The image column is about 38rem wide from 56rem up, the full width below.
const heroSizes = '(min-width: 56rem) 38rem, calc(100vw - 2rem)'

/**
 * The hero carousel, after the WAI-ARIA APG carousel pattern: the rotation control comes
 * first, rotation holds while the pointer or focus is inside, the slides' live region is
 * silent while rotating and polite otherwise, and hidden slides are hidden from everyone.
 * Every slide is in the markup (stacked in one grid cell), so the first one needs no script
 * to show and switching never changes the layout.
 */
export function HeroSlideshow(props: HeroSlideshowProps) {
  // Its own task after the page's frame (HydrateInTurn); a control clicked before is replayed.
  return (
    <HydrateInTurn>
      <Slideshow {...props} />
    </HydrateInTurn>
  )
}

function Slideshow({ slides, locale }: HeroSlideshowProps) {
  const { t } = useLingui()
  const { current, playing, rotating, send, regionHandlers } = useSlideshow(slides.length)
  const total = slides.length

  return (
    <section
      className="slideshow"
      // It rotates on its own: the page's scripts load with the page, not on the visitor's
      // first intent, unless they prefer reduced motion (docs/decisions/068).
      data-live-at-load="(prefers-reduced-motion: no-preference)"
      aria-roledescription={t`carousel`}
      aria-label={t`Highlights`}
      {...regionHandlers}
    >
      <div className="slideshow-controls">
        <button
          type="button"
          className="slideshow-button"
          aria-label={playing ? t`Pause slideshow` : t`Play slideshow`}
          onClick={() => send({ type: playing ? 'pause' : 'play' })}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="slideshow-button"
          aria-controls="slideshow-slides"
          aria-label={t`Previous slide`}
          onClick={() => send({ type: 'previous' })}
        >
          <PreviousIcon />
        </button>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not form fields: a fieldset would announce a form */}
        <div className="slideshow-dots" role="group" aria-label={t`Choose a slide`}>
          {slides.map((slide, index) => {
            const number = index + 1
            return (
              <button
                key={slide.id}
                type="button"
                className="slideshow-dot"
                aria-controls="slideshow-slides"
                aria-label={t`Show slide ${number}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => send({ type: 'goTo', index })}
              />
            )
          })}
        </div>
        <button
          type="button"
          className="slideshow-button"
          aria-controls="slideshow-slides"
          aria-label={t`Next slide`}
          onClick={() => send({ type: 'next' })}
        >
          <NextIcon />
        </button>
      </div>

      <div
        id="slideshow-slides"
        className="slideshow-slides"
        aria-live={rotating ? 'off' : 'polite'}
      >
        {slides.map((slide, index) => {
          const shown = index === current
          const number = index + 1
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a div with role group
            <div
              key={slide.id}
              className="slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${number} of ${total}`}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
              data-shown={shown}
            >
              <SlideContent slide={slide} locale={locale} first={index === 0} />
            </div>
          )
        })}
      </div>
    </section>
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
