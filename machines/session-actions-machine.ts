import { assign, setup } from 'xstate'
import type { ApiAnswer, RevokedBody } from '../domain/api/api-contract'
import { injectedCall } from './injected-call'

/**
 * The actions of the sessions list on `/profile`: end one session, or every session but this
 * one. One action at a time; each ends in its own state, which the list announces:
 *
 *   idle | endedOne | endedOthers | error → (endOne) endingOne | (endOthers) endingOthers
 *   endingOne → endedOne | error;  endingOthers → endedOthers | error
 *
 * After an answer `refresh` (injected) reloads the list, whatever it said: a failure may
 * mean the session was already gone.
 */

export type SessionTarget = { readonly id: string; readonly device: string }

export type SessionActionsContext = {
  /** The session being (or last) ended by `endOne`. */
  readonly target: SessionTarget | undefined
  /** Which action failed (while `error`). */
  readonly failed: 'one' | 'others' | undefined
}

export type SessionActionsEvent =
  | ({ readonly type: 'endOne' } & SessionTarget)
  | { readonly type: 'endOthers' }

const start = {
  endOne: {
    target: '#sessionActions.endingOne',
    actions: {
      type: 'aim',
      params: ({ event }: { readonly event: SessionActionsEvent }) =>
        event.type === 'endOne' ? { id: event.id, device: event.device } : undefined,
    },
  },
  endOthers: { target: '#sessionActions.endingOthers' },
} as const

export const sessionActionsMachine = setup({
  types: { context: {} as SessionActionsContext, events: {} as SessionActionsEvent },
  actors: {
    endSession: injectedCall<ApiAnswer, SessionTarget>('endSession'),
    revokeOtherSessions: injectedCall<RevokedBody>('revokeOtherSessions'),
  },
  actions: {
    aim: assign((_, target: SessionTarget | undefined) => ({ target, failed: undefined })),
    fail: assign((_, { failed }: { readonly failed: 'one' | 'others' }) => ({ failed })),
    clearFailure: assign({ failed: undefined }),
    /** Injected: the list asks the server again. */
    refresh: () => {},
  },
}).createMachine({
  id: 'sessionActions',
  context: { target: undefined, failed: undefined },
  initial: 'idle',
  states: {
    idle: { on: start },
    endingOne: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => context.target ?? { id: '', device: '' },
        onDone: { target: 'endedOne', actions: 'refresh' },
        onError: {
          target: 'error',
          actions: [{ type: 'fail', params: { failed: 'one' } }, 'refresh'],
        },
      },
    },
    endingOthers: {
      entry: 'clearFailure',
      invoke: {
        id: 'revokeOtherSessions',
        src: 'revokeOtherSessions',
        onDone: { target: 'endedOthers', actions: 'refresh' },
        onError: {
          target: 'error',
          actions: [{ type: 'fail', params: { failed: 'others' } }, 'refresh'],
        },
      },
    },
    endedOne: { on: start },
    endedOthers: { on: start },
    error: { on: start },
  },
})
