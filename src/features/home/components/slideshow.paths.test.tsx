import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { seedPublishedContent } from '../../../../domain/content/seed/seed-published-content'
import { slideshowMachine } from '../../../../machines/slideshow-machine'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderApp } from '../../../../tests/paths/render-app'

/**
 * A controllable `prefers-reduced-motion` query (jsdom has no matchMedia): starts "no
 * preference"; `reduce()` flips it and notifies listeners, as the browser does when the
 * visitor changes the setting.
 */
function installMotionPreference() {
  const listeners = new Set<() => void>()
  const query = {
    matches: false,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => (media === query.media ? query : { ...query, matches: false }),
  })
  return {
    reduce: () => {
      query.matches = true
      for (const listener of listeners) listener()
    },
  }
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia')
})

const region = () => screen.getByRole('region', { name: 'Highlights' })
const button = (name: string) => within(region()).getByRole('button', { name })
const slidesContainer = () => {
  const container = document.getElementById('slideshow-slides')
  if (!container) throw new Error('#slideshow-slides is missing')
  return container
}

// The page shows the published slides: the seed's (renderApp's content), as many as it has.
const slideCount = seedPublishedContent().slides.length
const places = Array.from({ length: slideCount }, (_, index) => index)

/** The DOM shows slide `current + 1` of all, and only that one to assistive tech. */
function expectShownSlide(current: number) {
  const slides = [...slidesContainer().querySelectorAll<HTMLElement>(':scope > [role="group"]')]
  expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(
    places.map((index) => `${index + 1} of ${slideCount}`),
  )
  expect(slides.map((slide) => slide.getAttribute('aria-hidden') === 'true')).toEqual(
    slides.map((_, index) => index !== current),
  )
  expect(slides.map((slide) => slide.hasAttribute('inert'))).toEqual(
    slides.map((_, index) => index !== current),
  )
  expect(screen.getByRole('group', { name: `${current + 1} of ${slideCount}` })).toBeTruthy()
  expect(button(`Show slide ${current + 1}`).getAttribute('aria-current')).toBe('true')
}

// Each exec causes exactly its one event: clicks are dispatched without moving the pointer
// or focus (a real click would also send pointer.enter and focus.enter, which the model
// explores as events of their own).
testMachinePaths(slideshowMachine, {
  name: 'slideshow',
  // The model walks as many slides as the page shows.
  input: { slideCount },
  render: async () => {
    const motion = installMotionPreference()
    const app = await renderApp('/')
    return { app, motion }
  },
  events: () => places.map((index) => ({ type: 'goTo', index }) as const),
  // The pointer can only leave what it is over, and enter what it is not over; focus likewise.
  // (The machine records such events wherever they come from, but a page never sends them.)
  possible: ({ context }, { type }) =>
    type === 'pointer.enter'
      ? !context.pointerInside
      : type === 'pointer.leave'
        ? context.pointerInside
        : type === 'focus.enter'
          ? !context.focusInside
          : type === 'focus.leave'
            ? context.focusInside
            : true,
  exec: {
    next: () => fireEvent.click(button('Next slide')),
    previous: () => fireEvent.click(button('Previous slide')),
    goTo: (_context, event) => fireEvent.click(button(`Show slide ${event.index + 1}`)),
    pause: () => fireEvent.click(button('Pause slideshow')),
    play: () => fireEvent.click(button('Play slideshow')),
    'pointer.enter': ({ user }) => user.hover(region()),
    'pointer.leave': ({ user }) => user.unhover(region()),
    'focus.enter': () => act(() => button('Previous slide').focus()),
    'focus.leave': () =>
      act(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
      }),
    'motion.reduce': ({ view }) => act(() => view.motion.reduce()),
  },
  states: {
    playing: ({ snapshot }) => {
      expectShownSlide(snapshot.context.current)
      expect(button('Pause slideshow')).toBeTruthy()
    },
    'playing.rotating': () => {
      expect(slidesContainer().getAttribute('aria-live')).toBe('off')
    },
    'playing.held': () => {
      expect(slidesContainer().getAttribute('aria-live')).toBe('polite')
    },
    paused: ({ snapshot }) => {
      expectShownSlide(snapshot.context.current)
      expect(button('Play slideshow')).toBeTruthy()
      expect(slidesContainer().getAttribute('aria-live')).toBe('polite')
    },
  },
})
