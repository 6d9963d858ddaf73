import { assign, fromPromise, setup } from 'xstate'
import { isValidPasswordChange } from '../src/domain/accounts/account-checks'
import type { ChangePasswordInput } from '../src/domain/accounts/account-schemas'
import { type ApiAnswer, failureAnswer } from '../src/domain/api/api-contract'
import { serverText } from './server-text'

/**
 * "Change password" on `/profile`:
 *
 *   form → (submit) validating → submitting | form (refused)
 *   submitting → changed | wrongPassword | error
 *   wrongPassword → (submit) validating;  error → (retry) form;  changed → (again) form
 *
 * Both passwords leave memory once the server has answered.
 */

export type ChangePasswordValues = {
  readonly currentPassword: string
  readonly newPassword: string
}

export type ChangePasswordContext = ChangePasswordValues & {
  readonly refusedSubmissions: number
  readonly message: string | undefined
}

export type ChangePasswordEvent =
  | ({ readonly type: 'submit' } & ChangePasswordValues)
  | { readonly type: 'retry' }
  | { readonly type: 'again' }

const forgotten = { currentPassword: '', newPassword: '' } as const

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    changePassword: fromPromise<ApiAnswer, ChangePasswordInput>(async () => {
      throw new Error('changePassword is not provided')
    }),
  },
  actions: {
    takeValues: assign((_, values: ChangePasswordValues) => ({ ...values })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    forgetPasswords: assign({ ...forgotten, refusedSubmissions: 0 }),
    showMessage: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
    })),
    forgetMessage: assign({ message: undefined }),
  },
  guards: {
    valuesAreValid: ({ context }) => isValidPasswordChange(context),
    wrongPassword: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'wrong_password',
  },
}).createMachine({
  id: 'changePassword',
  context: { ...forgotten, refusedSubmissions: 0, message: undefined },
  initial: 'form',
  states: {
    form: {
      on: {
        submit: {
          target: 'validating',
          actions: {
            type: 'takeValues',
            params: ({ event }) => ({
              currentPassword: event.currentPassword,
              newPassword: event.newPassword,
            }),
          },
        },
      },
    },
    validating: {
      always: [
        { guard: 'valuesAreValid', target: 'submitting', actions: 'forgetMessage' },
        { target: 'form', actions: 'countRefusal' },
      ],
    },
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
          {
            guard: { type: 'wrongPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'wrongPassword',
            actions: 'forgetPasswords',
          },
          {
            target: 'error',
            actions: [
              'forgetPasswords',
              {
                type: 'showMessage',
                params: ({ event }) => ({ message: serverText(event.error) }),
              },
            ],
          },
        ],
      },
    },
    changed: {
      on: { again: { target: 'form' } },
    },
    wrongPassword: {
      on: {
        submit: {
          target: 'validating',
          actions: {
            type: 'takeValues',
            params: ({ event }) => ({
              currentPassword: event.currentPassword,
              newPassword: event.newPassword,
            }),
          },
        },
      },
    },
    error: {
      on: { retry: { target: 'form', actions: 'forgetMessage' } },
    },
  },
})
