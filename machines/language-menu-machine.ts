import { setup } from 'xstate'
import type { Locale } from '../domain/locales'
import { type DisclosureEvent, whileOpen } from './disclosure-machine'

export type LanguageMenuEvent =
  | Exclude<DisclosureEvent, { readonly type: 'navigated' }>
  | { readonly type: 'select'; readonly locale: Locale }

/**
 * The header's language menu: a disclosure whose panel lists the languages. Choosing one is
 * handed to the app (`selectLanguage`, injected: it switches the catalog and, on a page that
 * exists per language, navigates to its twin), then the menu closes and focus goes back to
 * the trigger, because the button that had it disappears with the panel.
 */
export const languageMenuMachine = setup({
  types: { events: {} as LanguageMenuEvent },
  actions: {
    // Both effects belong to the app and the DOM; the component provides them.
    selectLanguage: (_, _params: { readonly locale: Locale }) => {},
    returnFocus: () => {},
  },
}).createMachine({
  id: 'languageMenu',
  initial: 'closed',
  states: {
    closed: {
      on: { toggle: { target: 'open' } },
    },
    open: {
      on: {
        ...whileOpen,
        select: {
          target: 'closed',
          actions: [
            { type: 'selectLanguage', params: ({ event }) => ({ locale: event.locale }) },
            'returnFocus',
          ],
        },
      },
    },
  },
})
