import { assign, setup } from 'xstate'
import { isValidLogin } from '../src/domain/accounts/account-checks'
import type { ApiAnswer, SignedInBody } from '../src/domain/api/api-contract'
import {
  codeIs,
  type FormFlowContext,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onFailure,
  onTooManyTries,
  retryTo,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The sign-in form (`/login`), on the shared form flow (machines/form-flow.ts):
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

export type SignInContext = SignInValues & FormFlowContext

export type SignInEvent =
  | ({ readonly type: 'submit' } & SignInValues)
  | { readonly type: 'resend' }
  | { readonly type: 'edit' }
  | { readonly type: 'retry' }

const submitted = {
  target: 'validating',
  actions: {
    type: 'remember',
    params: ({ event }: { readonly event: SignInValues }) => ({
      email: event.email,
      password: event.password,
      remember: event.remember,
    }),
  },
} as const

export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent },
  actors: {
    login: injectedCall<SignedInBody, SignInValues>('login'),
    resendVerification: injectedCall<ApiAnswer, { readonly email: string }>('resendVerification'),
  },
  actions: {
    ...formFlowActions<SignInContext, SignInEvent>(),
    remember: assign((_, values: SignInValues) => ({ ...values })),
    /** The count is of refusals in a row: the form shows their errors until one passes. */
    clearRefusals: assign({ refusedSubmissions: 0 }),
    forgetPassword: assign({ password: '' }),
    /** Injected: tell the session who signed in, then leave the page. */
    announceSignIn: (_, _body: SignedInBody) => {},
  },
  guards: {
    ...formFlowGuards,
    valuesAreValid: ({ context }) => isValidLogin(context),
  },
}).createMachine({
  id: 'signIn',
  context: {
    email: '',
    password: '',
    remember: false,
    ...freshFlow,
  },
  initial: 'form',
  states: {
    form: { on: { submit: submitted } },
    validating: validating(
      'valuesAreValid',
      'submitting',
      'form',
      'forgetMessage',
      'clearRefusals',
    ),
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
          { guard: codeIs('invalid_credentials'), target: 'invalid', actions: 'forgetPassword' },
          { guard: codeIs('email_unverified'), target: 'unverified', actions: 'forgetPassword' },
          onTooManyTries('forgetPassword'),
          onFailure('error', 'forgetPassword'),
        ],
      },
    },
    signedIn: { type: 'final' },
    invalid: { on: { submit: submitted } },
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
        onError: [onTooManyTries(), onFailure('error')],
      },
    },
    verificationSent: {
      on: { edit: { target: 'form' } },
    },
    rateLimited: { on: retryTo('form') },
    error: { on: retryTo('form') },
  },
})
