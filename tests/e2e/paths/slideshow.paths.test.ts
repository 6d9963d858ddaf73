import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { slideshowMachine } from '../../../machines/slideshow-machine'
import { testMachinePathsInBrowser } from './browser-paths'

const region = (page: Page) => page.getByRole('region', { name: 'Highlights' })
const button = (page: Page, name: string) => region(page).getByRole('button', { name })

async function expectShownSlide(page: Page, current: number) {
  const hidden = await page
    .locator('#slideshow-slides > [role="group"]')
    .evaluateAll((slides) => slides.map((slide) => slide.getAttribute('aria-hidden') === 'true'))
  expect(hidden).toEqual([0, 1, 2].map((index) => index !== current))
  expect(await button(page, `Show slide ${current + 1}`).getAttribute('aria-current')).toBe('true')
}
const live = (page: Page) => page.getAttribute('#slideshow-slides', 'aria-live')

// Clicks are dispatched without moving the pointer or focus (a real click also sends
// pointer.enter and focus.enter, which the model explores as events of their own).
testMachinePathsInBrowser(slideshowMachine, {
  name: 'slideshow',
  url: () => '/',
  // The app's own carousel from the first step: the signed-in hint makes the page load the app
  // at load, in place of the slideshow's island (which runs the same component and machine
  // until the visitor's first intent). The island's hand-over to the app is
  // tests/e2e/app-on-intent.test.ts's; a path starts with one actor.
  prepare: (page) =>
    page.context().addCookies([{ name: 'signed-in', value: '1', url: new URL(page.url()).origin }]),
  ready: '.slideshow-button',
  events: () => [0, 1, 2].map((index) => ({ type: 'goTo', index }) as const),
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
    next: ({ page }) => button(page, 'Next slide').dispatchEvent('click'),
    previous: ({ page }) => button(page, 'Previous slide').dispatchEvent('click'),
    goTo: ({ page }, event) => button(page, `Show slide ${event.index + 1}`).dispatchEvent('click'),
    pause: ({ page }) => button(page, 'Pause slideshow').dispatchEvent('click'),
    play: ({ page }) => button(page, 'Play slideshow').dispatchEvent('click'),
    'pointer.enter': ({ page }) => region(page).hover(),
    'pointer.leave': ({ page }) => page.mouse.move(1, 1),
    'focus.enter': ({ page }) => button(page, 'Previous slide').focus(),
    'focus.leave': ({ page }) =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()),
    // The preference changes while the page is open (a change event, as when the visitor
    // turns it on in the system settings).
    'motion.reduce': async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' })
      await page.emulateMedia({ reducedMotion: 'reduce' })
    },
  },
  states: {
    playing: async ({ page, snapshot }) => {
      await expectShownSlide(page, snapshot.context.current)
      expect(await button(page, 'Pause slideshow').count()).toBe(1)
    },
    'playing.rotating': async ({ page }) => expect(await live(page)).toBe('off'),
    'playing.held': async ({ page }) => expect(await live(page)).toBe('polite'),
    paused: async ({ page, snapshot }) => {
      await expectShownSlide(page, snapshot.context.current)
      expect(await button(page, 'Play slideshow').count()).toBe(1)
      expect(await live(page)).toBe('polite')
    },
  },
})
