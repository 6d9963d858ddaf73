import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useSlideshow } from '../hooks/use-slideshow'
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './home-icons'

/**
 * What each slide shows: the app renders it (`(index) => content`); the island, which runs
 * before the app loads, keeps the server's markup of each slide as it is (`{ kept }`, each
 * slide's inner HTML, never rendered again) and changes only the carousel's attributes.
 */
export type SlideshowContent = ((index: number) => ReactNode) | { readonly kept: readonly string[] }

type SlideshowProps = {
  /** One key per slide, in order. */
  readonly slideKeys: readonly string[]
  readonly content: SlideshowContent
}

/**
 * The hero carousel, after the WAI-ARIA APG carousel pattern: the rotation control comes
 * first, rotation holds while the pointer or focus is inside, the slides' live region is
 * silent while rotating and polite otherwise, and hidden slides are hidden from everyone.
 * Every slide is in the markup (stacked in one grid cell), so the first one needs no script
 * to show and switching never changes the layout.
 * Its imports are the island's (src/hydration/slideshow-island.tsx): nothing of the
 * router or the page's content, so the home page can run it before the app loads.
 */
export function Slideshow({ slideKeys, content }: SlideshowProps) {
  const { t } = useLingui()
  const { current, playing, rotating, send, regionHandlers } = useSlideshow(slideKeys.length)
  const total = slideKeys.length

  return (
    <section
      className="slideshow"
      // It rotates on its own: the page runs it at load, as an island of its own, not on the
      // visitor's first intent, unless they prefer reduced motion (docs/decisions/068).
      data-live-at-load="(prefers-reduced-motion: no-preference)"
      data-island="slideshow"
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
          {slideKeys.map((key, index) => {
            const number = index + 1
            return (
              <button
                key={key}
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
        {slideKeys.map((key, index) => {
          const shown = index === current
          const number = index + 1
          const kept = typeof content === 'function' ? undefined : content.kept[index]
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a div with role group
            <div
              key={key}
              className="slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${number} of ${total}`}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
              data-shown={shown}
              // Hydration leaves markup given this way as it is (Preact does not compare it).
              {...(kept === undefined ? {} : { dangerouslySetInnerHTML: { __html: kept } })}
            >
              {typeof content === 'function' ? content(index) : undefined}
            </div>
          )
        })}
      </div>
    </section>
  )
}
