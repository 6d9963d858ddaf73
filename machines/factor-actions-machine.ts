import { assign, setup } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { formFlowGuards, isProofCancelled, messageActions } from './form-flow'
import { injectedCall } from './injected-call'
import { isValidPasskeyName } from './passkey-registration-machine'
import { serverText } from './server-text'

/**
 * The changes to existing factors on `/profile`: rename or remove a passkey, turn the
 * authenticator app off. One at a time; each ends in its own state, which the page announces:
 *
 *   idle | renamed | removed | disabled | error → (rename) renaming | (remove) removing
 *                                                 | (disableTotp) disabling
 *   (rename with a blank or too long name) stays, refused
 *   renaming → renamed | error;  removing → removed | idle (fresh proof declined) | error
 *   disabling → disabled | idle (fresh proof declined) | error
 *
 * After an answer `refresh` (injected) reloads the factors, whatever it said.
 */

export type PasskeyTarget = { readonly id: string; readonly name: string }

export type FactorActionsContext = {
  /** The passkey being (or last) renamed or removed, under its name before. */
  readonly target: PasskeyTarget | undefined
  readonly newName: string
  readonly refusedRenames: number
  readonly message: string | undefined
}

export type FactorActionsEvent =
  | ({ readonly type: 'rename'; readonly newName: string } & PasskeyTarget)
  | ({ readonly type: 'remove' } & PasskeyTarget)
  | { readonly type: 'disableTotp' }

const start = {
  rename: [
    {
      guard: 'nameIsValid',
      target: '#factorActions.renaming',
      actions: 'aimRename',
    },
    { actions: 'refuseRename' },
  ],
  remove: { target: '#factorActions.removing', actions: 'aimRemove' },
  disableTotp: { target: '#factorActions.disabling', actions: 'forgetMessage' },
} as const

const failed = (declined: string) =>
  [
    { guard: 'proofCancelled', target: declined, actions: 'refresh' },
    {
      target: 'error',
      actions: [
        {
          type: 'showMessage',
          params: ({ event }: { readonly event: { readonly error: unknown } }) => ({
            message: serverText(event.error),
          }),
        },
        'refresh',
      ],
    },
  ] as const

export const factorActionsMachine = setup({
  types: { context: {} as FactorActionsContext, events: {} as FactorActionsEvent },
  actors: {
    renamePasskey: injectedCall<unknown, { readonly id: string; readonly name: string }>(
      'renamePasskey',
    ),
    removePasskey: injectedCall<ApiAnswer, { readonly id: string }>('removePasskey'),
    disableTotp: injectedCall<ApiAnswer>('disableTotp'),
  },
  actions: {
    ...messageActions<FactorActionsContext, FactorActionsEvent>(),
    aimRename: assign(({ event }) =>
      event.type === 'rename'
        ? {
            target: { id: event.id, name: event.name },
            newName: event.newName.trim(),
            refusedRenames: 0,
            message: undefined,
          }
        : {},
    ),
    aimRemove: assign(({ event }) =>
      event.type === 'remove'
        ? { target: { id: event.id, name: event.name }, message: undefined }
        : {},
    ),
    refuseRename: assign(({ context, event }) =>
      event.type === 'rename'
        ? {
            target: { id: event.id, name: event.name },
            refusedRenames: context.refusedRenames + 1,
          }
        : {},
    ),
    /** Injected: the factors ask the server again. */
    refresh: () => {},
  },
  guards: {
    ...formFlowGuards,
    nameIsValid: ({ event }) => event.type === 'rename' && isValidPasskeyName(event.newName),
    proofCancelled: ({ event }) => 'error' in event && isProofCancelled(event.error),
  },
}).createMachine({
  id: 'factorActions',
  context: { target: undefined, newName: '', refusedRenames: 0, message: undefined },
  initial: 'idle',
  states: {
    idle: { on: start },
    renaming: {
      invoke: {
        id: 'renamePasskey',
        src: 'renamePasskey',
        input: ({ context }) => ({ id: context.target?.id ?? '', name: context.newName }),
        onDone: { target: 'renamed', actions: 'refresh' },
        onError: failed('idle'),
      },
    },
    removing: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.target?.id ?? '' }),
        onDone: { target: 'removed', actions: 'refresh' },
        onError: failed('idle'),
      },
    },
    disabling: {
      invoke: {
        id: 'disableTotp',
        src: 'disableTotp',
        onDone: { target: 'disabled', actions: 'refresh' },
        onError: failed('idle'),
      },
    },
    renamed: { on: start },
    removed: { on: start },
    disabled: { on: start },
    error: { on: start },
  },
})
