import { assign, setup } from 'xstate'
import type { SecondFactorMethod, SignedInBody } from '../domain/api/api-contract'
import {
  codeIs,
  type FormFlowContext,
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
import { codeSubmitted } from './typed-code'

/**
 * The second step of signing in (`/login`, after a correct password on an account with a
 * second factor), on the shared form flow:
 *
 *   code → (submit) validating → checking | code (refused)
 *   code | wrongCode → (usePasskey, when the account has one) passkey
 *   checking → signedIn | wrongCode | expired | rateLimited | error
 *   passkey → signedIn | code (dialog closed) | rateLimited | error (a passkey signs in with or
 *     without the half-way state, so it never answers `sign_in_expired`)
 *   rateLimited | error → (retry) code;  expired: final (the form asks for the password again)
 *
 * The half-way state lives on the server for a few minutes and is not a session: when it has
 * gone (`sign_in_expired`), only the password can start it again. The code leaves memory
 * after every answer.
 */

export type { SecondFactorMethod }

export type SecondFactorInput = { readonly methods: readonly SecondFactorMethod[] }

export type SecondFactorContext = FormFlowContext & {
  readonly methods: readonly SecondFactorMethod[]
  readonly code: string
}

export type SecondFactorEvent =
  | { readonly type: 'submit'; readonly code: string }
  | { readonly type: 'usePasskey' }
  | { readonly type: 'retry' }

/** The server's code when the half-way state has expired or was never there. */
export const secondFactorExpiredCode = 'sign_in_expired'
/** The server's code for a TOTP or recovery code that is not right (or already used). */
export const invalidCodeCode = 'invalid_code'

/**
 * A code worth sending: six digits from an app, or a recovery code (letters and digits, in
 * groups the server ignores), as typed or pasted.
 */
export function isPlausibleCode(code: string): boolean {
  return /^[0-9A-Za-z]{6,32}$/.test(code.replace(/[\s-]+/g, ''))
}

const passkeyOffered = { usePasskey: { guard: 'hasPasskey', target: 'passkey' } } as const

export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    input: {} as SecondFactorInput,
  },
  actors: {
    checkCode: injectedCall<SignedInBody, { readonly code: string }>('checkCode'),
    /** The passkey dialog and its check by the server, as one call. */
    passkeySignIn: injectedCall<SignedInBody>('passkeySignIn'),
  },
  actions: {
    ...formFlowActions<SecondFactorContext, SecondFactorEvent>(),
    takeCode: assign((_, { code }: { readonly code: string }) => ({ code })),
    forgetCode: assign({ code: '' }),
    /** Injected: tell the session who signed in, then leave the page. */
    announceSignIn: (_, _body: SignedInBody) => {},
  },
  guards: {
    ...formFlowGuards,
    codeIsPlausible: ({ context }) => isPlausibleCode(context.code),
    hasPasskey: ({ context }) => context.methods.includes('passkey'),
  },
}).createMachine({
  id: 'secondFactor',
  context: ({ input }) => ({ methods: input.methods, code: '', ...freshFlow }),
  initial: 'code',
  states: {
    code: { on: { submit: codeSubmitted, ...passkeyOffered } },
    validating: validating('codeIsPlausible', 'checking', 'code', 'forgetMessage'),
    checking: {
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'signedIn',
          actions: ['forgetCode', { type: 'announceSignIn', params: ({ event }) => event.output }],
        },
        onError: [
          { guard: codeIs(invalidCodeCode), target: 'wrongCode', actions: 'forgetCode' },
          { guard: codeIs(secondFactorExpiredCode), target: 'expired', actions: 'forgetCode' },
          onTooManyTries('forgetCode'),
          onFailure('error', 'forgetCode'),
        ],
      },
    },
    wrongCode: { on: { submit: codeSubmitted, ...passkeyOffered } },
    passkey: {
      entry: 'forgetMessage',
      invoke: {
        id: 'passkeySignIn',
        src: 'passkeySignIn',
        onDone: {
          target: 'signedIn',
          actions: { type: 'announceSignIn', params: ({ event }) => event.output },
        },
        onError: [onCeremonyCancelled('code'), onTooManyTries(), onFailure('error')],
      },
    },
    signedIn: { type: 'final' },
    expired: { type: 'final' },
    rateLimited: { on: retryTo('code') },
    error: { on: retryTo('code') },
  },
})
