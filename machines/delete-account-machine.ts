import { assign, setup } from 'xstate'
import { isValidDeletion } from '../domain/accounts/account-checks'
import type { ApiAnswer } from '../domain/api/api-contract'
import {
  type FormFlowContext,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onFailure,
  onProofCancelled,
  onWrongPassword,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * "Delete your account" on `/profile`, confirmed with the password, on the shared form flow
 * (machines/form-flow.ts):
 *
 *   idle → (start) confirming → (submit) validating → deleting | confirming (refused)
 *   deleting → deleted | wrongPassword | confirming (fresh proof declined: the password kept) | error
 *   wrongPassword → (submit) validating;  error → (retry) confirming
 *   confirming, wrongPassword, error → (cancel) idle
 *
 * `deleted` is final: `announceDeleted` (injected) signs the browser out and shows the
 * confirmation. The password leaves memory once the server has answered or on cancel.
 */

export type DeleteAccountContext = FormFlowContext & { readonly password: string }

export type DeleteAccountEvent =
  | { readonly type: 'start' }
  | { readonly type: 'submit'; readonly password: string }
  | { readonly type: 'retry' }
  | { readonly type: 'cancel' }

const forgotten = { password: '', ...freshFlow } as const

// The password asked for, the first time or again after a wrong one.
const confirmation = {
  submit: {
    target: 'validating',
    actions: {
      type: 'takePassword',
      params: ({ event }: { readonly event: { readonly password: string } }) => ({
        password: event.password,
      }),
    },
  },
  cancel: { target: 'idle', actions: 'forget' },
} as const

export const deleteAccountMachine = setup({
  types: { context: {} as DeleteAccountContext, events: {} as DeleteAccountEvent },
  actors: {
    deleteAccount: injectedCall<ApiAnswer, { readonly password: string }>('deleteAccount'),
  },
  actions: {
    ...formFlowActions<DeleteAccountContext, DeleteAccountEvent>(),
    takePassword: assign((_, { password }: { readonly password: string }) => ({ password })),
    forget: assign({ ...forgotten }),
    clearRefusals: assign({ refusedSubmissions: 0 }),
    /** Injected: the session ends in this browser and the page says the account is gone. */
    announceDeleted: () => {},
  },
  guards: {
    ...formFlowGuards,
    passwordIsValid: ({ context }) => isValidDeletion(context),
  },
}).createMachine({
  id: 'deleteAccount',
  context: { ...forgotten },
  initial: 'idle',
  states: {
    idle: {
      on: { start: { target: 'confirming' } },
    },
    confirming: { on: confirmation },
    validating: validating('passwordIsValid', 'deleting', 'confirming'),
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'deleted', actions: ['forget', 'announceDeleted'] },
        onError: [
          onWrongPassword('forget'),
          onProofCancelled('confirming', 'clearRefusals'),
          onFailure('error', 'forget'),
        ],
      },
    },
    wrongPassword: { on: confirmation },
    error: {
      on: {
        retry: { target: 'confirming', actions: 'forget' },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    deleted: { type: 'final' },
  },
})
