import { assign, setup } from 'xstate'
import { isValidLogin } from '../domain/accounts/account-checks'
import {
  type ApiAnswer,
  failureAnswer,
  type PasskeyAssertionJSON,
  type SecondFactorMethod,
  type SignedInBody,
} from '../domain/api/api-contract'
import {
  codeIs,
  type FormFlowContext,
  failureOf,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onCeremonyCancelled,
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
 *   submitting → signedIn | secondFactor | invalid | unverified | rateLimited | error
 *   invalid → (submit) validating          (the form stays, with "wrong email or password")
 *   form | invalid | expired | passkeyRejected → (usePasskey | passkeyChosen) passkey
 *   passkey → signedIn | form (the dialog was closed) | passkeyRejected | rateLimited | error
 *   secondFactor → (finished) signedIn | (restart: the half-way state expired) expired
 *   expired | passkeyRejected → (submit) validating   (the form, saying why)
 *   unverified → (resend) resendingVerification → verificationSent | rateLimited | error
 *   unverified | verificationSent → (edit) form
 *   rateLimited | error → (retry) form
 *
 * The password leaves memory after every answer. `signedIn` hands the user to the injected
 * `announceSignIn` (the session and the redirect are the component's business). A right password
 * on an account with a second factor leads to `secondFactor`, whose own machine
 * (second-factor-machine.ts) finishes signing in; a passkey signs in alone (`passkey`), from the
 * button or from the browser's autofill (`passkeyChosen` carries the answer the browser gave).
 */

export type SignInValues = {
  readonly email: string
  readonly password: string
  readonly remember: boolean
}

export type SignInContext = SignInValues &
  FormFlowContext & {
    /** What the second step may use (from `second_factor_required`). */
    readonly methods: readonly SecondFactorMethod[]
    /** The passkey answer the browser's autofill gave, until it is sent. */
    readonly passkeyResponse: PasskeyAssertionJSON | undefined
  }

export type PasskeySignInInput = {
  readonly remember: boolean
  readonly response: PasskeyAssertionJSON | undefined
}

export type SignInEvent =
  | ({ readonly type: 'submit' } & SignInValues)
  | { readonly type: 'resend' }
  | { readonly type: 'edit' }
  | { readonly type: 'retry' }
  | { readonly type: 'usePasskey' }
  | { readonly type: 'passkeyChosen'; readonly response: PasskeyAssertionJSON }
  | { readonly type: 'finished' }
  | { readonly type: 'restart' }

const passkeyOffered = {
  // A passkey leaves the typed form behind, its refusals too.
  usePasskey: { target: 'passkey', actions: ['forgetPasskeyResponse', 'clearRefusals'] },
  passkeyChosen: {
    target: 'passkey',
    actions: [
      {
        type: 'keepPasskeyResponse',
        params: ({ event }: { readonly event: { readonly response: PasskeyAssertionJSON } }) => ({
          response: event.response,
        }),
      },
      'clearRefusals',
    ],
  },
} as const

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
    /** The passkey dialog (unless the autofill gave its answer) and the server's check. */
    passkeySignIn: injectedCall<SignedInBody, PasskeySignInInput>('passkeySignIn'),
  },
  actions: {
    ...formFlowActions<SignInContext, SignInEvent>(),
    remember: assign((_, values: SignInValues) => ({ ...values })),
    /** The count is of refusals in a row: the form shows their errors until one passes. */
    clearRefusals: assign({ refusedSubmissions: 0 }),
    forgetPassword: assign({ password: '' }),
    keepMethods: assign((_, { error }: { readonly error: unknown }) => ({
      methods: failureAnswer(error)?.methods ?? [],
    })),
    keepPasskeyResponse: assign((_, { response }: { readonly response: PasskeyAssertionJSON }) => ({
      passkeyResponse: response,
    })),
    forgetPasskeyResponse: assign({ passkeyResponse: undefined }),
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
    methods: [],
    passkeyResponse: undefined,
    ...freshFlow,
  },
  initial: 'form',
  states: {
    form: { on: { submit: submitted, ...passkeyOffered } },
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
          {
            guard: codeIs('second_factor_required'),
            target: 'secondFactor',
            actions: ['forgetPassword', { type: 'keepMethods', params: failureOf }],
          },
          { guard: codeIs('email_unverified'), target: 'unverified', actions: 'forgetPassword' },
          onTooManyTries('forgetPassword'),
          onFailure('error', 'forgetPassword'),
        ],
      },
    },
    signedIn: { type: 'final' },
    invalid: { on: { submit: submitted, ...passkeyOffered } },
    secondFactor: {
      on: { finished: { target: 'signedIn' }, restart: { target: 'expired' } },
    },
    expired: { on: { submit: submitted, ...passkeyOffered } },
    passkey: {
      entry: 'forgetMessage',
      invoke: {
        id: 'passkeySignIn',
        src: 'passkeySignIn',
        input: ({ context }) => ({
          remember: context.remember,
          response: context.passkeyResponse,
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            'forgetPasskeyResponse',
            { type: 'announceSignIn', params: ({ event }) => event.output },
          ],
        },
        onError: [
          onCeremonyCancelled('form'),
          {
            guard: codeIs('passkey_rejected'),
            target: 'passkeyRejected',
            actions: 'forgetPasskeyResponse',
          },
          onTooManyTries('forgetPasskeyResponse'),
          onFailure('error', 'forgetPasskeyResponse'),
        ],
      },
    },
    passkeyRejected: { on: { submit: submitted, ...passkeyOffered } },
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
