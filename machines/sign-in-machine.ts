import { assign, fromPromise, setup } from 'xstate'
import { isValidLogin } from '../src/domain/accounts/account-checks'
import {
  type ApiAnswer,
  failureAnswer,
  failureStatus,
  type SignedInBody,
} from '../src/domain/api/api-contract'
import { serverText } from './server-text'

/**
 * The sign-in form (`/login`):
 *
 *   form → (submit) validating → submitting | form (refused, the fields say why)
 *   submitting → signedIn | invalid | unverified | rateLimited | error
 *   invalid → (submit) validating          (the form stays, with "wrong email or password")
 *   unverified → (resend) resendingVerification → verificationSent | rateLimited | error
 *   unverified | verificationSent → (edit) form
 *   rateLimited | error → (retry) form
 *
 * The password leaves memory after every answer. `signedIn` hands the user to the injected
 * `announceSignIn` (the session and the redirect are the component's business).
 */

export type SignInValues = {
  readonly email: string
  readonly password: string
  readonly remember: boolean
}

export type SignInContext = SignInValues & {
  readonly refusedSubmissions: number
  /** The server's text of the last failure, when it sent one. */
  readonly message: string | undefined
}

export type SignInEvent =
  | ({ readonly type: 'submit' } & SignInValues)
  | { readonly type: 'resend' }
  | { readonly type: 'edit' }
  | { readonly type: 'retry' }

export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent },
  actors: {
    login: fromPromise<SignedInBody, SignInValues>(async () => {
      throw new Error('login is not provided')
    }),
    resendVerification: fromPromise<ApiAnswer, { readonly email: string }>(async () => {
      throw new Error('resendVerification is not provided')
    }),
  },
  actions: {
    remember: assign((_, values: SignInValues) => ({ ...values })),
    countRefusal: assign({ refusedSubmissions: ({ context }) => context.refusedSubmissions + 1 }),
    /** The count is of refusals in a row: the form shows their errors until one passes. */
    clearRefusals: assign({ refusedSubmissions: 0 }),
    forgetPassword: assign({ password: '' }),
    showMessage: assign((_, { message }: { readonly message: string | undefined }) => ({
      message,
    })),
    forgetMessage: assign({ message: undefined }),
    /** Injected: tell the session who signed in, then leave the page. */
    announceSignIn: (_, _body: SignedInBody) => {},
  },
  guards: {
    valuesAreValid: ({ context }) => isValidLogin(context),
    codeIs: (_, { error, code }: { readonly error: unknown; readonly code: string }) =>
      failureAnswer(error)?.code === code,
    tooManyTries: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 429,
  },
}).createMachine({
  id: 'signIn',
  context: {
    email: '',
    password: '',
    remember: false,
    refusedSubmissions: 0,
    message: undefined,
  },
  initial: 'form',
  states: {
    form: {
      on: {
        submit: {
          target: 'validating',
          actions: {
            type: 'remember',
            params: ({ event }) => ({
              email: event.email,
              password: event.password,
              remember: event.remember,
            }),
          },
        },
      },
    },
    validating: {
      always: [
        {
          guard: 'valuesAreValid',
          target: 'submitting',
          actions: ['forgetMessage', 'clearRefusals'],
        },
        { target: 'form', actions: 'countRefusal' },
      ],
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          email: context.email,
          password: context.password,
          remember: context.remember,
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            'forgetPassword',
            { type: 'announceSignIn', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: {
              type: 'codeIs',
              params: ({ event }) => ({ error: event.error, code: 'invalid_credentials' }),
            },
            target: 'invalid',
            actions: 'forgetPassword',
          },
          {
            guard: {
              type: 'codeIs',
              params: ({ event }) => ({ error: event.error, code: 'email_unverified' }),
            },
            target: 'unverified',
            actions: 'forgetPassword',
          },
          {
            guard: { type: 'tooManyTries', params: ({ event }) => ({ error: event.error }) },
            target: 'rateLimited',
            actions: [
              'forgetPassword',
              {
                type: 'showMessage',
                params: ({ event }) => ({ message: serverText(event.error) }),
              },
            ],
          },
          {
            target: 'error',
            actions: [
              'forgetPassword',
              {
                type: 'showMessage',
                params: ({ event }) => ({ message: serverText(event.error) }),
              },
            ],
          },
        ],
      },
    },
    signedIn: { type: 'final' },
    invalid: {
      on: {
        submit: {
          target: 'validating',
          actions: {
            type: 'remember',
            params: ({ event }) => ({
              email: event.email,
              password: event.password,
              remember: event.remember,
            }),
          },
        },
      },
    },
    unverified: {
      on: {
        resend: { target: 'resendingVerification' },
        edit: { target: 'form' },
      },
    },
    resendingVerification: {
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'verificationSent' },
        onError: [
          {
            guard: { type: 'tooManyTries', params: ({ event }) => ({ error: event.error }) },
            target: 'rateLimited',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: serverText(event.error) }),
            },
          },
          {
            target: 'error',
            actions: {
              type: 'showMessage',
              params: ({ event }) => ({ message: serverText(event.error) }),
            },
          },
        ],
      },
    },
    verificationSent: {
      on: { edit: { target: 'form' } },
    },
    rateLimited: {
      on: { retry: { target: 'form', actions: 'forgetMessage' } },
    },
    error: {
      on: { retry: { target: 'form', actions: 'forgetMessage' } },
    },
  },
})
