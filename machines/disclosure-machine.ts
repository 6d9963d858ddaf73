import { setup } from 'xstate'

/**
 * The disclosure behaviour shared by the header's Services mega-menu and the mobile bar's
 * settings panel (WAI-ARIA APG "disclosure navigation", not a menu/menubar):
 * - the trigger button toggles the panel;
 * - Escape closes it and hands focus back to the trigger (`returnFocus`, injected by the
 *   component because focus is DOM business);
 * - a pointer press outside, focus moving outside (so an open panel never covers where the
 *   keyboard went) and a navigation all close it.
 */
export type DisclosureEvent =
  | { readonly type: 'toggle' }
  | { readonly type: 'escape' }
  | { readonly type: 'outside.click' }
  | { readonly type: 'focus.leave' }
  | { readonly type: 'navigated' }

/**
 * What every disclosure does while open: the trigger closes it, Escape closes it and returns
 * focus, a press or focus outside closes it. Shared with the language menu, which adds its
 * choice of language.
 */
export const whileOpen = {
  toggle: { target: 'closed' },
  escape: { target: 'closed', actions: 'returnFocus' },
  'outside.click': { target: 'closed' },
  'focus.leave': { target: 'closed' },
} as const

function createDisclosureMachine<const TId extends string>(id: TId) {
  return setup({
    types: { events: {} as DisclosureEvent },
    actions: {
      // The machine only says *when* focus goes back; the component provides *how*.
      returnFocus: () => {},
    },
  }).createMachine({
    id,
    initial: 'closed',
    states: {
      closed: {
        on: { toggle: { target: 'open' } },
      },
      open: {
        on: { ...whileOpen, navigated: { target: 'closed' } },
      },
    },
  })
}

/** Any of the disclosures below (they differ only in their id). */
export type DisclosureMachine = ReturnType<typeof createDisclosureMachine>

/** The header's "Services" button and its five-column mega-menu. */
export const servicesMenuMachine = createDisclosureMachine('servicesMenu')

/** The mobile bottom bar's settings button and its theme + language panel. */
export const settingsMenuMachine = createDisclosureMachine('settingsMenu')

/** The header's account button (the user's first name) and its menu. */
export const accountMenuMachine = createDisclosureMachine('accountMenu')

/** What the inbox's filters disclosure hears: its button, Escape, and the filters applied. */
export type FiltersDisclosureEvent =
  | { readonly type: 'toggle' }
  | { readonly type: 'escape' }
  | { readonly type: 'applied' }

/**
 * The inbox's "Filters" button on a phone and the filters form it folds away. A form, not a
 * menu: a press outside it or focus moving through it (a date picker, the list behind) leaves
 * it open while it is filled in; its button and Escape (focus back to the button) close it, and
 * so do applied or cleared filters, which show the list it covered.
 */
export const inboxFiltersMachine = setup({
  types: { events: {} as FiltersDisclosureEvent },
  actions: {
    returnFocus: () => {},
  },
}).createMachine({
  id: 'inboxFilters',
  initial: 'closed',
  states: {
    closed: {
      on: { toggle: { target: 'open' } },
    },
    open: {
      on: {
        toggle: { target: 'closed' },
        escape: { target: 'closed', actions: 'returnFocus' },
        applied: { target: 'closed' },
      },
    },
  },
})
