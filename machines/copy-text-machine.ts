import { assign, setup } from 'xstate'
import { injectedCall } from './injected-call'

/**
 * A "Copy" button's life, for text a visitor pastes elsewhere (a CLABE and a SPEI reference
 * into their bank's app):
 *
 *   idle → (copy) copying → copied | failed
 *   copied | failed → (copy) copying: the same text again, or another
 *
 * The page announces the outcome in a live region ("Copied: CLABE"); a failure (a browser that
 * refuses the clipboard) says to select the text instead, which stays shown. The call is the
 * injected actor `copyText` (the page gives it the browser's clipboard).
 */

export type CopyTextContext = {
  /** What was copied last (the page's name for it, e.g. 'clabe'), for the announcement. */
  readonly field: string | undefined
  readonly text: string
}

export type CopyTextEvent = { readonly type: 'copy'; readonly field: string; readonly text: string }

export const copyTextMachine = setup({
  types: { context: {} as CopyTextContext, events: {} as CopyTextEvent },
  actors: { copyText: injectedCall<void, string>('copyText') },
  actions: {
    keepCopy: assign((_, { field, text }: { readonly field: string; readonly text: string }) => ({
      field,
      text,
    })),
  },
}).createMachine({
  id: 'copyText',
  context: { field: undefined, text: '' },
  initial: 'idle',
  states: {
    idle: { on: { copy: copyOn() } },
    copying: {
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => context.text,
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: { on: { copy: copyOn() } },
    failed: { on: { copy: copyOn() } },
  },
})

function copyOn() {
  return {
    target: 'copying',
    actions: {
      type: 'keepCopy',
      params: ({ event }: { readonly event: CopyTextEvent }) => ({
        field: event.field,
        text: event.text,
      }),
    },
  } as const
}
