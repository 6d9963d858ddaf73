import { assign, setup } from 'xstate'
import { isValidProfile, type ProfileValues } from '../domain/accounts/account-checks'
import type { MeBody } from '../domain/api/api-contract'
import {
  type FormFlowContext,
  formFlowActions,
  freshFlow,
  onFailure,
  retryTo,
  validating,
  valuesOf,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The details on `/profile`, on the shared form flow (machines/form-flow.ts):
 *
 *   viewing → (edit) editing → (save) validating → saving | editing (refused)
 *   editing → (cancel) viewing
 *   saving → saved | error;  saved → (edit) editing;  error → (retry) editing | (cancel) viewing
 *
 * `saved` shows the details the server answered with (`announceUpdate` hands them to the
 * session's cache); a cancel brings back the values last saved.
 */

export type ProfileContext = FormFlowContext & {
  /** What the server holds (the details shown while viewing). */
  readonly saved: ProfileValues
  /** What the form holds. */
  readonly values: ProfileValues
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
    updateProfile: injectedCall<MeBody, ProfileValues>('updateProfile'),
  },
  actions: {
    ...formFlowActions<ProfileContext, ProfileEvent>(),
    takeValues: assign((_, { values }: { readonly values: ProfileValues }) => ({ values })),
    restoreSaved: assign({
      values: ({ context }) => context.saved,
      ...freshFlow,
    }),
    store: assign((_, { profile }: { readonly profile: ProfileValues }) => ({
      saved: profile,
      values: profile,
      ...freshFlow,
    })),
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
    ...freshFlow,
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
          actions: { type: 'takeValues', params: valuesOf },
        },
      },
    },
    validating: validating('valuesAreValid', 'saving', 'editing'),
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
        onError: onFailure('error'),
      },
    },
    saved: {
      on: { edit: { target: 'editing' } },
    },
    error: {
      on: {
        ...retryTo('editing'),
        cancel: { target: 'viewing', actions: 'restoreSaved' },
      },
    },
  },
})
