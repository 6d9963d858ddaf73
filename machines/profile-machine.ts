import { assign, fromPromise, setup } from 'xstate'
import { isValidProfile, type ProfileValues } from '../src/domain/accounts/account-checks'
import type { MeBody } from '../src/domain/api/api-contract'
import { serverText } from './server-text'

/**
 * The details on `/profile`:
 *
 *   viewing → (edit) editing → (save) validating → saving | editing (refused)
 *   editing → (cancel) viewing
 *   saving → saved | error;  saved → (edit) editing;  error → (retry) editing | (cancel) viewing
 *
 * `saved` shows the details the server answered with (`announceUpdate` hands them to the
 * session's cache); a cancel brings back the values last saved.
 */

export type ProfileContext = {
  /** What the server holds (the details shown while viewing). */
  readonly saved: ProfileValues
  /** What the form holds. */
  readonly values: ProfileValues
  readonly refusedSubmissions: number
  readonly message: string | undefined
}

export type ProfileEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'cancel' }
  | { readonly type: 'save'; readonly values: ProfileValues }
  | { readonly type: 'retry' }

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { readonly profile: ProfileValues },
  },
  actors: {
    updateProfile: fromPromise<MeBody, ProfileValues>(async () => {
      throw new Error('updateProfile is not provided')
    }),
  },
  actions: {
    takeValues: assign((_, { values }: { readonly values: ProfileValues }) => ({ values })),
    restoreSaved: assign({
      values: ({ context }) => context.saved,
      refusedSubmissions: 0,
      message: undefined,
    }),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    store: assign((_, { profile }: { readonly profile: ProfileValues }) => ({
      saved: profile,
      values: profile,
      refusedSubmissions: 0,
      message: undefined,
    })),
    showMessage: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
    })),
    forgetMessage: assign({ message: undefined }),
    /** Injected: the session's cache learns the new details. */
    announceUpdate: (_, _body: MeBody) => {},
  },
  guards: {
    valuesAreValid: ({ context }) => isValidProfile(context.values),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    saved: input.profile,
    values: input.profile,
    refusedSubmissions: 0,
    message: undefined,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: { edit: { target: 'editing' } },
    },
    editing: {
      on: {
        cancel: { target: 'viewing', actions: 'restoreSaved' },
        save: {
          target: 'validating',
          actions: { type: 'takeValues', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    validating: {
      always: [
        { guard: 'valuesAreValid', target: 'saving' },
        { target: 'editing', actions: 'countRefusal' },
      ],
    },
    saving: {
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saved',
          actions: [
            { type: 'store', params: ({ event }) => ({ profile: event.output.user.profile }) },
            { type: 'announceUpdate', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'error',
          actions: {
            type: 'showMessage',
            params: ({ event }) => ({ message: serverText(event.error) }),
          },
        },
      },
    },
    saved: {
      on: { edit: { target: 'editing' } },
    },
    error: {
      on: {
        retry: { target: 'editing', actions: 'forgetMessage' },
        cancel: { target: 'viewing', actions: 'restoreSaved' },
      },
    },
  },
})
