import { assign, setup } from 'xstate'
import { isValidPasswordChange } from '../domain/accounts/account-checks'
import type { ChangePasswordInput } from '../domain/accounts/account-schemas'
import type { ApiAnswer } from '../domain/api/api-contract'
import {
  type FormFlowContext,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onFailure,
  onProofCancelled,
  onWrongPassword,
  retryTo,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * "Change password" on `/profile`, on the shared form flow (machines/form-flow.ts):
 *
 *   form → (submit) validating → submitting | form (refused)
 *   submitting → changed | wrongPassword | form (fresh proof declined) | error
 *   wrongPassword → (submit) validating;  error → (retry) form;  changed → (again) form
 *
 * Both passwords leave memory once the server has answered; a declined fresh proof keeps them,
 * so the form can be sent again as it is.
 */

export type ChangePasswordValues = {
  readonly currentPassword: string
  readonly newPassword: string
}

export type ChangePasswordContext = ChangePasswordValues & FormFlowContext

export type ChangePasswordEvent =
  | ({ readonly type: 'submit' } & ChangePasswordValues)
  | { readonly type: 'retry' }
  | { readonly type: 'again' }

const forgotten = { currentPassword: '', newPassword: '' } as const

const submitted = {
  target: 'validating',
  actions: {
    type: 'takeValues',
    params: ({ event }: { readonly event: ChangePasswordValues }) => ({
      currentPassword: event.currentPassword,
      newPassword: event.newPassword,
    }),
  },
} as const

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    changePassword: injectedCall<ApiAnswer, ChangePasswordInput>('changePassword'),
  },
  actions: {
    ...formFlowActions<ChangePasswordContext, ChangePasswordEvent>(),
    takeValues: assign((_, values: ChangePasswordValues) => ({ ...values })),
    forgetPasswords: assign({ ...forgotten, refusedSubmissions: freshFlow.refusedSubmissions }),
    clearRefusals: assign({ refusedSubmissions: freshFlow.refusedSubmissions }),
  },
  guards: {
    ...formFlowGuards,
    valuesAreValid: ({ context }) => isValidPasswordChange(context),
  },
}).createMachine({
  id: 'changePassword',
  context: { ...forgotten, ...freshFlow },
  initial: 'form',
  states: {
    form: { on: { submit: submitted } },
    validating: validating('valuesAreValid', 'submitting', 'form', 'forgetMessage'),
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          currentPassword: context.currentPassword,
          newPassword: context.newPassword,
        }),
        onDone: { target: 'changed', actions: 'forgetPasswords' },
        onError: [
          onWrongPassword('forgetPasswords'),
          onProofCancelled('form', 'clearRefusals'),
          onFailure('error', 'forgetPasswords'),
        ],
      },
    },
    changed: {
      on: { again: { target: 'form' } },
    },
    wrongPassword: { on: { submit: submitted } },
    error: { on: retryTo('form') },
  },
})
