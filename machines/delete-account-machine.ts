import { assign, fromPromise, setup } from 'xstate'
import { isValidDeletion } from '../src/domain/accounts/account-checks'
import { type ApiAnswer, failureAnswer } from '../src/domain/api/api-contract'
import { serverText } from './server-text'

/**
 * "Delete your account" on `/profile`, confirmed with the password:
 *
 *   idle → (start) confirming → (submit) validating → deleting | confirming (refused)
 *   deleting → deleted | wrongPassword | error
 *   wrongPassword → (submit) validating;  error → (retry) confirming
 *   confirming, wrongPassword, error → (cancel) idle
 *
 * `deleted` is final: `announceDeleted` (injected) signs the browser out and shows the
 * confirmation. The password leaves memory once the server has answered or on cancel.
 */

export type DeleteAccountContext = {
  readonly password: string
  readonly refusedSubmissions: number
  readonly message: string | undefined
}

export type DeleteAccountEvent =
  | { readonly type: 'start' }
  | { readonly type: 'submit'; readonly password: string }
  | { readonly type: 'retry' }
  | { readonly type: 'cancel' }

const forgotten = { password: '', refusedSubmissions: 0, message: undefined } as const

export const deleteAccountMachine = setup({
  types: { context: {} as DeleteAccountContext, events: {} as DeleteAccountEvent },
  actors: {
    deleteAccount: fromPromise<ApiAnswer, { readonly password: string }>(async () => {
      throw new Error('deleteAccount is not provided')
    }),
  },
  actions: {
    takePassword: assign((_, { password }: { readonly password: string }) => ({ password })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    forget: assign({ ...forgotten }),
    showMessage: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
    })),
    /** Injected: the session ends in this browser and the page says the account is gone. */
    announceDeleted: () => {},
  },
  guards: {
    passwordIsValid: ({ context }) => isValidDeletion(context),
    wrongPassword: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'wrong_password',
  },
}).createMachine({
  id: 'deleteAccount',
  context: { ...forgotten },
  initial: 'idle',
  states: {
    idle: {
      on: { start: { target: 'confirming' } },
    },
    confirming: {
      on: {
        submit: {
          target: 'validating',
          actions: { type: 'takePassword', params: ({ event }) => ({ password: event.password }) },
        },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    validating: {
      always: [
        { guard: 'passwordIsValid', target: 'deleting' },
        { target: 'confirming', actions: 'countRefusal' },
      ],
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'deleted', actions: ['forget', 'announceDeleted'] },
        onError: [
          {
            guard: { type: 'wrongPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'wrongPassword',
            actions: 'forget',
          },
          {
            target: 'error',
            actions: [
              'forget',
              {
                type: 'showMessage',
                params: ({ event }) => ({ message: serverText(event.error) }),
              },
            ],
          },
        ],
      },
    },
    wrongPassword: {
      on: {
        submit: {
          target: 'validating',
          actions: { type: 'takePassword', params: ({ event }) => ({ password: event.password }) },
        },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    error: {
      on: {
        retry: { target: 'confirming', actions: 'forget' },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    deleted: { type: 'final' },
  },
})
