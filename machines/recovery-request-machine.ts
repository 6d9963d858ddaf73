import { assign, fromPromise, setup } from 'xstate'
import { isValidRecoveryRequest } from '../src/domain/accounts/account-checks'
import { type ApiAnswer, failureAnswer } from '../src/domain/api/api-contract'

/**
 * "Forgot your password?" on `/login`: one address, one recovery mail.
 *
 *   form → (submit) validating → sending | form (refused)
 *   sending → sent | failed;  failed → (retry) form
 *
 * The server answers alike whether or not the address has an account, and so does `sent`.
 */

export type RecoveryRequestContext = {
  readonly email: string
  readonly refusedSubmissions: number
  readonly message: string | undefined
}

export type RecoveryRequestEvent =
  | { readonly type: 'submit'; readonly email: string }
  | { readonly type: 'retry' }

export const recoveryRequestMachine = setup({
  types: { context: {} as RecoveryRequestContext, events: {} as RecoveryRequestEvent },
  actors: {
    resendRecoveryEmail: fromPromise<ApiAnswer, { readonly email: string }>(async () => {
      throw new Error('resendRecoveryEmail is not provided')
    }),
  },
  actions: {
    takeEmail: assign((_, { email }: { readonly email: string }) => ({ email })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    showMessage: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
    })),
    forgetMessage: assign({ message: undefined }),
  },
  guards: {
    emailIsValid: ({ context }) => isValidRecoveryRequest({ email: context.email }),
  },
}).createMachine({
  id: 'recoveryRequest',
  context: { email: '', refusedSubmissions: 0, message: undefined },
  initial: 'form',
  states: {
    form: {
      on: {
        submit: {
          target: 'validating',
          actions: { type: 'takeEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
    validating: {
      always: [
        { guard: 'emailIsValid', target: 'sending' },
        { target: 'form', actions: 'countRefusal' },
      ],
    },
    sending: {
      invoke: {
        id: 'resendRecoveryEmail',
        src: 'resendRecoveryEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: {
          target: 'failed',
          actions: {
            type: 'showMessage',
            params: ({ event }) => {
              const text = failureAnswer(event.error)?.message
              return { message: text?.trim() ? text : undefined }
            },
          },
        },
      },
    },
    sent: { type: 'final' },
    failed: {
      on: { retry: { target: 'form', actions: 'forgetMessage' } },
    },
  },
})
