import { assign, fromPromise, setup } from 'xstate'
import { type ApiAnswer, failureAnswer } from '../src/domain/api/api-contract'
import { isValidReset, resetTokenPattern } from '../src/domain/registration/recovery-schemas'

/**
 * The page the recovery mail links to (`/reset-password?token=…`):
 *
 *   (link checked) → form | invalidLink
 *   form → validating → submitting → done | failed;  failed → form ("Try again")
 *
 * The call is the injected actor `resetPassword`, like the registration machine's.
 */

export type PasswordResetContext = {
  readonly token: string
  readonly password: string
  readonly refusedSubmissions: number
  readonly message: string | undefined
}

export type PasswordResetEvent =
  | { readonly type: 'submit'; readonly password: string }
  | { readonly type: 'retry' }

function errorText(error: unknown): string | undefined {
  const text = failureAnswer(error)?.error
  return text !== undefined && text.trim() !== '' ? text : undefined
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { readonly token: string },
  },
  actors: {
    resetPassword: fromPromise<ApiAnswer, { readonly token: string; readonly password: string }>(
      async () => {
        throw new Error('resetPassword is not provided')
      },
    ),
  },
  actions: {
    rememberPassword: assign((_, { password }: { readonly password: string }) => ({ password })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    // The password leaves memory once it is set.
    finish: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
      password: '',
    })),
    showMessage: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
    })),
    forgetMessage: assign({ message: undefined }),
  },
  guards: {
    linkLooksRight: ({ context }) => resetTokenPattern.test(context.token),
    passwordIsValid: ({ context }) =>
      isValidReset({ token: context.token, password: context.password }),
    answerSucceeded: (_, answer: ApiAnswer) => answer.success === true,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    token: input.token,
    password: '',
    refusedSubmissions: 0,
    message: undefined,
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
    validating: {
      always: [
        { guard: 'passwordIsValid', target: 'submitting' },
        { target: 'form', actions: 'countRefusal' },
      ],
    },
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'finish', params: ({ event }) => ({ message: event.output.message }) },
          },
          {
            target: 'failed',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: event.output.error ?? event.output.message }),
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'showMessage',
            params: ({ event }) => ({ message: errorText(event.error) }),
          },
        },
      },
    },
    done: { type: 'final' },
    failed: {
      on: { retry: { target: 'form', actions: 'forgetMessage' } },
    },
  },
})
