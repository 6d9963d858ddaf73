import { assign, setup } from 'xstate'
import type { RecoveryCodesBody } from '../domain/api/api-contract'
import {
  formFlowGuards,
  messageActions,
  onFailure,
  onProofCancelled,
  onTooManyTries,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The recovery codes on `/profile` (how many are left is the factors' read):
 *
 *   idle → (regenerate) confirming → (confirm) regenerating | (cancel) idle
 *   regenerating → shown | idle (fresh proof declined) | rateLimited | error
 *   shown → (done) idle, the codes forgotten;  rateLimited | error → (retry) idle
 *
 * A new set replaces the old one at once, so the page asks before; the new codes are shown
 * once, here, and never again.
 */

export type RecoveryCodesContext = {
  readonly codes: readonly string[]
  readonly message: string | undefined
}

export type RecoveryCodesEvent =
  | { readonly type: 'regenerate' }
  | { readonly type: 'confirm' }
  | { readonly type: 'cancel' }
  | { readonly type: 'done' }
  | { readonly type: 'retry' }

export const recoveryCodesMachine = setup({
  types: { context: {} as RecoveryCodesContext, events: {} as RecoveryCodesEvent },
  actors: {
    regenerateCodes: injectedCall<RecoveryCodesBody>('regenerateCodes'),
  },
  actions: {
    ...messageActions<RecoveryCodesContext, RecoveryCodesEvent>(),
    keepCodes: assign((_, { codes }: { readonly codes: readonly string[] }) => ({ codes })),
    forgetCodes: assign({ codes: [] }),
    /** Injected: the count of codes left asks the server again. */
    refresh: () => {},
  },
  guards: formFlowGuards,
}).createMachine({
  id: 'recoveryCodes',
  context: { codes: [], message: undefined },
  initial: 'idle',
  states: {
    idle: { on: { regenerate: { target: 'confirming', actions: 'forgetMessage' } } },
    confirming: { on: { confirm: { target: 'regenerating' }, cancel: { target: 'idle' } } },
    regenerating: {
      invoke: {
        id: 'regenerateCodes',
        src: 'regenerateCodes',
        onDone: {
          target: 'shown',
          actions: [
            { type: 'keepCodes', params: ({ event }) => ({ codes: event.output.recoveryCodes }) },
            'refresh',
          ],
        },
        onError: [onProofCancelled('idle'), onTooManyTries(), onFailure('error')],
      },
    },
    shown: { on: { done: { target: 'idle', actions: 'forgetCodes' } } },
    rateLimited: { on: { retry: { target: 'idle', actions: 'forgetMessage' } } },
    error: { on: { retry: { target: 'idle', actions: 'forgetMessage' } } },
  },
})
