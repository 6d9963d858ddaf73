import { assign, setup } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
import { isValidReset, resetTokenPattern } from '../domain/registration/recovery-schemas'
import {
  type FormFlowContext,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onAnswer,
  retryTo,
  showServerError,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The page the recovery mail links to (`/reset-password?token=…`), on the shared form flow
 * (machines/form-flow.ts):
 *
 *   (link checked) → form | invalidLink
 *   form → validating → submitting → done | failed;  failed → form ("Try again")
 *
 * The call is the injected actor `resetPassword`, like the registration machine's.
 */

export type PasswordResetContext = FormFlowContext & {
  readonly token: string
  readonly password: string
}

export type PasswordResetEvent =
  | { readonly type: 'submit'; readonly password: string }
  | { readonly type: 'retry' }

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { readonly token: string },
  },
  actors: {
    resetPassword: injectedCall<ApiAnswer, { readonly token: string; readonly password: string }>(
      'resetPassword',
    ),
  },
  actions: {
    ...formFlowActions<PasswordResetContext, PasswordResetEvent>(),
    rememberPassword: assign((_, { password }: { readonly password: string }) => ({ password })),
    // The password leaves memory once it is set.
    forgetPassword: assign({ password: '' }),
  },
  guards: {
    ...formFlowGuards,
    linkLooksRight: ({ context }) => resetTokenPattern.test(context.token),
    passwordIsValid: ({ context }) =>
      isValidReset({ token: context.token, password: context.password }),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    token: input.token,
    password: '',
    ...freshFlow,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'linkLooksRight', target: 'form' }, { target: 'invalidLink' }],
    },
    invalidLink: { type: 'final' },
    form: {
      on: {
        submit: {
          target: 'validating',
          actions: {
            type: 'rememberPassword',
            params: ({ event }) => ({ password: event.password }),
          },
        },
      },
    },
    validating: validating('passwordIsValid', 'submitting', 'form'),
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: onAnswer('done', 'failed', 'forgetPassword'),
        onError: { target: 'failed', actions: showServerError },
      },
    },
    done: { type: 'final' },
    failed: { on: retryTo('form') },
  },
})
