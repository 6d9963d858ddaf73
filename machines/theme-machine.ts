import { setup } from 'xstate'
import type { Theme } from '../domain/theme'

export type ThemeInput = { readonly theme: Theme }
export type ThemeEvent = { readonly type: 'toggle' }

/**
 * Light or dark. The starting theme is whatever the page already shows (the stored choice,
 * applied before first paint); a toggle shows the other theme and remembers it. Both effects
 * are injected: `showTheme` paints the document, `persistTheme` stores the choice.
 */
export const themeMachine = setup({
  types: {
    input: {} as ThemeInput,
    context: {} as { readonly initialTheme: Theme },
    events: {} as ThemeEvent,
  },
  actions: {
    showTheme: (_, _params: { readonly theme: Theme }) => {},
    persistTheme: (_, _params: { readonly theme: Theme }) => {},
  },
  guards: {
    startsDark: ({ context }) => context.initialTheme === 'dark',
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ initialTheme: input.theme }),
  initial: 'starting',
  states: {
    // Transient: picks the state matching the page, without repainting or storing anything.
    starting: {
      always: [{ guard: 'startsDark', target: 'dark' }, { target: 'light' }],
    },
    light: {
      on: {
        toggle: {
          target: 'dark',
          actions: [
            { type: 'showTheme', params: { theme: 'dark' } },
            { type: 'persistTheme', params: { theme: 'dark' } },
          ],
        },
      },
    },
    dark: {
      on: {
        toggle: {
          target: 'light',
          actions: [
            { type: 'showTheme', params: { theme: 'light' } },
            { type: 'persistTheme', params: { theme: 'light' } },
          ],
        },
      },
    },
  },
})
