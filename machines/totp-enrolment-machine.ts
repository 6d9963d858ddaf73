import { assign, setup } from 'xstate'
import type { RecoveryCodesBody, TotpEnrolmentBody } from '../domain/api/api-contract'
import {
  codeIs,
  type FormFlowContext,
  formFlowActions,
  formFlowGuards,
  freshFlow,
  onFailure,
  onProofCancelled,
  onTooManyTries,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'
import { invalidCodeCode } from './second-factor-machine'
import { codeSubmitted } from './typed-code'

/**
 * Turning on an authenticator app on `/profile`:
 *
 *   idle → (start) starting → showing | idle (fresh proof declined) | rateLimited | error
 *   showing | wrongCode → (submit) validating → confirming | back (refused)
 *   showing | wrongCode → (cancel) idle
 *   confirming → codesShown | wrongCode | idle (fresh proof declined) | rateLimited | error
 *   codesShown → (done) idle, the codes forgotten
 *   rateLimited | error → (retry) showing when a key is pending, else idle
 *
 * `showing` draws the QR code of `otpauthUri` and the key as text; the server keeps the key
 * pending until a current code confirms it. The recovery codes are shown once.
 */

export type TotpStarted = TotpEnrolmentBody
export type TotpConfirmed = RecoveryCodesBody

export type TotpEnrolmentContext = FormFlowContext & {
  readonly secret: string
  readonly otpauthUri: string
  readonly code: string
  readonly recoveryCodes: readonly string[]
}

export type TotpEnrolmentEvent =
  | { readonly type: 'start' }
  | { readonly type: 'submit'; readonly code: string }
  | { readonly type: 'cancel' }
  | { readonly type: 'done' }
  | { readonly type: 'retry' }

/** An authenticator app shows six digits. */
export function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code)
}

const forgotten = { secret: '', otpauthUri: '', code: '', recoveryCodes: [], ...freshFlow }

export const totpEnrolmentMachine = setup({
  types: { context: {} as TotpEnrolmentContext, events: {} as TotpEnrolmentEvent },
  actors: {
    startTotp: injectedCall<TotpStarted>('startTotp'),
    confirmTotp: injectedCall<TotpConfirmed, { readonly code: string }>('confirmTotp'),
  },
  actions: {
    ...formFlowActions<TotpEnrolmentContext, TotpEnrolmentEvent>(),
    keepKey: assign((_, started: TotpStarted) => ({
      secret: started.secret,
      otpauthUri: started.otpauthUri,
    })),
    takeCode: assign((_, { code }: { readonly code: string }) => ({ code })),
    forgetCode: assign({ code: '' }),
    keepRecoveryCodes: assign((_, { codes }: { readonly codes: readonly string[] }) => ({
      recoveryCodes: codes,
      secret: '',
      otpauthUri: '',
    })),
    forgetAll: assign(forgotten),
    /** Injected: the factors ask the server again. */
    refresh: () => {},
  },
  guards: {
    ...formFlowGuards,
    codeIsPlausible: ({ context }) => isAppCode(context.code),
    keyPending: ({ context }) => context.secret !== '',
  },
}).createMachine({
  id: 'totpEnrolment',
  context: forgotten,
  initial: 'idle',
  states: {
    idle: { on: { start: { target: 'starting', actions: 'forgetAll' } } },
    starting: {
      invoke: {
        id: 'startTotp',
        src: 'startTotp',
        onDone: {
          target: 'showing',
          actions: { type: 'keepKey', params: ({ event }) => event.output },
        },
        onError: [onProofCancelled('idle'), onTooManyTries(), onFailure('error')],
      },
    },
    showing: {
      on: { submit: codeSubmitted, cancel: { target: 'idle', actions: 'forgetAll' } },
    },
    validating: validating('codeIsPlausible', 'confirming', 'showing', 'forgetMessage'),
    confirming: {
      invoke: {
        id: 'confirmTotp',
        src: 'confirmTotp',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'codesShown',
          actions: [
            {
              type: 'keepRecoveryCodes',
              params: ({ event }) => ({ codes: event.output.recoveryCodes }),
            },
            'forgetCode',
            'refresh',
          ],
        },
        onError: [
          { guard: codeIs(invalidCodeCode), target: 'wrongCode', actions: 'forgetCode' },
          onProofCancelled('idle'),
          onTooManyTries('forgetCode'),
          onFailure('error', 'forgetCode'),
        ],
      },
    },
    wrongCode: {
      on: { submit: codeSubmitted, cancel: { target: 'idle', actions: 'forgetAll' } },
    },
    codesShown: { on: { done: { target: 'idle', actions: 'forgetAll' } } },
    rateLimited: { on: { retry: retry() } },
    error: { on: { retry: retry() } },
  },
})

function retry() {
  return [
    { guard: 'keyPending', target: 'showing', actions: 'forgetMessage' },
    { target: 'idle', actions: 'forgetAll' },
  ] as const
}
