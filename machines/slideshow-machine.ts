import { assertEvent, assign, setup } from 'xstate'

/** Auto-advance interval of the hero slideshow (a product constant). */
export const slideIntervalMs = 5000

export type SlideshowContext = {
  /** Index of the slide shown, 0-based. */
  readonly current: number
  readonly slideCount: number
  /** The pointer is over the slideshow (rotation holds while it is). */
  readonly pointerInside: boolean
  /** Keyboard focus is inside the slideshow (rotation holds while it is). */
  readonly focusInside: boolean
}

export type SlideshowInput = { readonly slideCount?: number }

export type SlideshowEvent =
  | { readonly type: 'next' }
  | { readonly type: 'previous' }
  | { readonly type: 'goTo'; readonly index: number }
  | { readonly type: 'pause' }
  | { readonly type: 'play' }
  | { readonly type: 'pointer.enter' }
  | { readonly type: 'pointer.leave' }
  | { readonly type: 'focus.enter' }
  | { readonly type: 'focus.leave' }
  /** The visitor prefers reduced motion: no auto-rotation unless they press play. */
  | { readonly type: 'motion.reduce' }

const wrap = (index: number, count: number) => ((index % count) + count) % count

/**
 * The hero slideshow, following the WAI-ARIA APG carousel pattern and WCAG 2.2.2:
 * - `playing` means rotation is wanted; within it, `rotating` runs the 5 s timer and `held`
 *   waits while the pointer is over the slideshow or focus is inside it.
 * - `paused` is the visitor's choice (the pause control) or a reduced-motion preference; only
 *   `play` leaves it.
 * Manual navigation works in every state; while rotating it restarts the 5 s interval so a
 * slide chosen by hand stays up for a full interval.
 */
export const slideshowMachine = setup({
  types: {
    context: {} as SlideshowContext,
    events: {} as SlideshowEvent,
    input: {} as SlideshowInput | undefined,
  },
  delays: {
    slideInterval: slideIntervalMs,
  },
  actions: {
    showNext: assign({
      current: ({ context }) => wrap(context.current + 1, context.slideCount),
    }),
    showPrevious: assign({
      current: ({ context }) => wrap(context.current - 1, context.slideCount),
    }),
    showChosen: assign({
      current: ({ context, event }) => {
        assertEvent(event, 'goTo')
        return wrap(Math.trunc(event.index), context.slideCount)
      },
    }),
    markPointerInside: assign({ pointerInside: true }),
    markPointerOutside: assign({ pointerInside: false }),
    markFocusInside: assign({ focusInside: true }),
    markFocusOutside: assign({ focusInside: false }),
  },
  guards: {
    isInteracting: ({ context }) => context.pointerInside || context.focusInside,
    focusIsOutside: ({ context }) => !context.focusInside,
    pointerIsOutside: ({ context }) => !context.pointerInside,
  },
}).createMachine({
  id: 'slideshow',
  context: ({ input }) => ({
    current: 0,
    slideCount: Math.max(1, Math.trunc(input?.slideCount ?? 3)),
    pointerInside: false,
    focusInside: false,
  }),
  initial: 'playing',
  // Pointer and focus are tracked in every state, so pressing play with the pointer still
  // over the slideshow holds rotation until the visitor moves away.
  on: {
    next: { actions: 'showNext' },
    previous: { actions: 'showPrevious' },
    goTo: { actions: 'showChosen' },
    'pointer.enter': { actions: 'markPointerInside' },
    'pointer.leave': { actions: 'markPointerOutside' },
    'focus.enter': { actions: 'markFocusInside' },
    'focus.leave': { actions: 'markFocusOutside' },
  },
  states: {
    playing: {
      initial: 'rotating',
      on: {
        pause: { target: 'paused' },
        'motion.reduce': { target: 'paused' },
      },
      states: {
        rotating: {
          tags: ['rotating'],
          after: {
            slideInterval: { target: 'rotating', reenter: true, actions: 'showNext' },
          },
          on: {
            next: { target: 'rotating', reenter: true, actions: 'showNext' },
            previous: { target: 'rotating', reenter: true, actions: 'showPrevious' },
            goTo: { target: 'rotating', reenter: true, actions: 'showChosen' },
            'pointer.enter': { target: 'held', actions: 'markPointerInside' },
            'focus.enter': { target: 'held', actions: 'markFocusInside' },
          },
        },
        held: {
          // When the guard fails (the other kind of interaction goes on) the event falls
          // through to the root handler, which only records it.
          on: {
            'pointer.leave': {
              guard: 'focusIsOutside',
              target: 'rotating',
              actions: 'markPointerOutside',
            },
            'focus.leave': {
              guard: 'pointerIsOutside',
              target: 'rotating',
              actions: 'markFocusOutside',
            },
          },
        },
      },
    },
    paused: {
      on: {
        play: [{ guard: 'isInteracting', target: 'playing.held' }, { target: 'playing.rotating' }],
      },
    },
  },
})
