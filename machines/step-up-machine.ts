import { assign, setup } from 'xstate'
import type { ApiAnswer } from '../domain/api/api-contract'
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
  proofCancelledName,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'
import { invalidCodeCode } from './second-factor-machine'

/**
 * The fresh-proof dialog: a call answered 403 `reauthentication_required`, so the visitor
 * proves it is them (with whatever the account has) and the call is made again; or 403
 * `factor_proof_required` (managing the factors of an account that has one), and the dialog
 * offers the account's factors only, never the password (`ask` without it).
 *
 *   closed → (ask) asking
 *   asking | wrong → (choose) the same, with the other kind of proof
 *   asking | wrong → (submit, a proof the dialog offers) validating → proving | back (refused)
 *   asking | wrong → (usePasskey, when the account has one) passkey
 *   proving | passkey → closed (proven: `prove`) | wrong | rateLimited | error
 *   passkey → asking (the browser's dialog was closed)
 *   asking | wrong | rateLimited | error → (cancel) closed (declined: `decline`), (retry) asking
 *
 * One dialog serves the whole page: `prove` and `decline` (injected) settle the call that
 * waited. The password or code leaves memory after every answer.
 */

export type StepUpMethod = 'password' | 'code' | 'passkey'
export type StepUpProof = { readonly password: string } | { readonly code: string }

export type StepUpContext = FormFlowContext & {
  readonly methods: readonly StepUpMethod[]
  /** Which typed proof the form asks for. */
  readonly method: 'password' | 'code'
  readonly secret: string
}

export type StepUpEvent =
  | { readonly type: 'ask'; readonly methods: readonly StepUpMethod[] }
  | { readonly type: 'choose'; readonly method: 'password' | 'code' }
  | { readonly type: 'submit'; readonly secret: string }
  | { readonly type: 'usePasskey' }
  | { readonly type: 'cancel' }
  | { readonly type: 'retry' }

/** The error a call waiting for proof rejects with when the visitor declines. */
export function proofCancelled(): Error {
  const error = new Error('The fresh proof was declined.')
  error.name = proofCancelledName
  return error
}

const forgotten = { secret: '', ...freshFlow } as const

const typed = {
  choose: {
    guard: {
      type: 'canChoose',
      params: ({ event }: { readonly event: { readonly method: 'password' | 'code' } }) => ({
        method: event.method,
      }),
    },
    actions: {
      type: 'takeMethod',
      params: ({ event }: { readonly event: { readonly method: 'password' | 'code' } }) => ({
        method: event.method,
      }),
    },
  },
  submit: {
    // Only a proof the dialog offers: an account with nothing but a passkey types none.
    guard: 'canType',
    target: 'validating',
    actions: {
      type: 'takeSecret',
      params: ({ event }: { readonly event: { readonly secret: string } }) => ({
        secret: event.secret,
      }),
    },
  },
  usePasskey: { guard: 'hasPasskey', target: 'passkey' },
  cancel: { target: 'closed', actions: ['decline', 'forgetAll'] },
} as const

const proven = { target: 'closed', actions: ['forgetAll', 'prove'] } as const

export const stepUpMachine = setup({
  types: { context: {} as StepUpContext, events: {} as StepUpEvent },
  actors: {
    reauthenticate: injectedCall<ApiAnswer, StepUpProof>('reauthenticate'),
    /** The passkey dialog and its check by the server, as one call. */
    passkeyProof: injectedCall<ApiAnswer>('passkeyProof'),
  },
  actions: {
    ...formFlowActions<StepUpContext, StepUpEvent>(),
    open: assign((_, { methods }: { readonly methods: readonly StepUpMethod[] }) => ({
      methods,
      method: methods.includes('password') ? 'password' : 'code',
      ...forgotten,
    })),
    takeMethod: assign((_, { method }: { readonly method: 'password' | 'code' }) => ({
      method,
      ...forgotten,
    })),
    takeSecret: assign((_, { secret }: { readonly secret: string }) => ({ secret })),
    forgetSecret: assign({ secret: '' }),
    forgetAll: assign(forgotten),
    /** Injected: the waiting call is made again. */
    prove: () => {},
    /** Injected: the waiting call gives up (`proofCancelled()`). */
    decline: () => {},
  },
  guards: {
    ...formFlowGuards,
    secretIsPresent: ({ context }) => context.secret.trim() !== '',
    hasPasskey: ({ context }) => context.methods.includes('passkey'),
    canType: ({ context }) => context.methods.includes(context.method),
    canChoose: ({ context }, { method }: { readonly method: 'password' | 'code' }) =>
      method !== context.method && context.methods.includes(method),
  },
}).createMachine({
  id: 'stepUp',
  context: { methods: [], method: 'password', ...forgotten },
  initial: 'closed',
  states: {
    closed: {
      on: {
        ask: {
          target: 'asking',
          actions: { type: 'open', params: ({ event }) => ({ methods: event.methods }) },
        },
      },
    },
    asking: { on: typed },
    validating: validating('secretIsPresent', 'proving', 'asking', 'forgetMessage'),
    proving: {
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ context }) =>
          context.method === 'code'
            ? { code: context.secret.replace(/\s+/g, '') }
            : { password: context.secret },
        onDone: proven,
        onError: [
          {
            guard: { type: 'wrongPassword', params: failureOf },
            target: 'wrong',
            actions: 'forgetSecret',
          },
          { guard: codeIs(invalidCodeCode), target: 'wrong', actions: 'forgetSecret' },
          onTooManyTries('forgetSecret'),
          onFailure('error', 'forgetSecret'),
        ],
      },
    },
    passkey: {
      entry: 'forgetMessage',
      invoke: {
        id: 'passkeyProof',
        src: 'passkeyProof',
        onDone: proven,
        onError: [onCeremonyCancelled('asking'), onTooManyTries(), onFailure('error')],
      },
    },
    wrong: { on: typed },
    rateLimited: {
      on: { retry: { target: 'asking', actions: 'forgetMessage' }, cancel: typed.cancel },
    },
    error: { on: { retry: { target: 'asking', actions: 'forgetMessage' }, cancel: typed.cancel } },
  },
})
