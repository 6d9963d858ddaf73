import { assign, setup } from 'xstate'
import { failureAnswer, failureStatus } from '../domain/api/api-contract'
import {
  type FieldsFlowContext,
  fieldsFlowActions,
  formFlowGuards,
  freshFieldsFlow,
  onFailure,
  onFieldsRefused,
  onRefusal,
  retryTo,
  showAnswerText,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The agency voids an instalment nothing was paid towards, saying why (the inbox's request
 * detail):
 *
 *   idle → (choose) editing: the instalment's reason → (submit) checking → voiding | editing
 *   voiding → voided | editing (the server refused the reason) | refused (409: paid meanwhile)
 *     | secondFactor (403 `mfa_required`) | failed → (retry) editing
 *   editing → (cancel) idle;  voided | refused → (choose) editing: another instalment
 *
 * Which instalments are offered is the `instalment` machine's rule (`allowedInstalmentActions`),
 * read by the page. The call is the injected actor `voidInstalment`.
 */

export type VoidTarget = { readonly instalmentId: string; readonly folio: string }

export type VoidInstalmentContext = FieldsFlowContext & {
  readonly target: VoidTarget | undefined
  readonly values: { readonly reason: string } | undefined
}

export type VoidInstalmentEvent =
  | { readonly type: 'choose'; readonly target: VoidTarget }
  | { readonly type: 'cancel' }
  | { readonly type: 'submit'; readonly values: { readonly reason: string } }
  | { readonly type: 'retry' }

export type VoidInput = VoidTarget & { readonly reason: string }

const choose = {
  target: 'editing',
  actions: [
    'forgetMessage',
    {
      type: 'chooseTarget',
      params: ({ event }: { readonly event: { readonly target: VoidTarget } }) => ({
        target: event.target,
      }),
    },
  ],
} as const

export const voidInstalmentMachine = setup({
  types: { context: {} as VoidInstalmentContext, events: {} as VoidInstalmentEvent },
  actors: {
    voidInstalment: injectedCall<{ readonly message: string }, VoidInput>('voidInstalment'),
  },
  actions: {
    ...fieldsFlowActions<VoidInstalmentContext, VoidInstalmentEvent>(),
    chooseTarget: assign((_, { target }: { readonly target: VoidTarget }) => ({
      target,
      values: undefined,
      serverFieldErrors: {},
      refusedSubmissions: 0,
    })),
  },
  guards: {
    ...formFlowGuards,
    reasonGiven: ({ context }) => {
      const reason = context.values?.reason.trim() ?? ''
      return reason.length > 0 && reason.length <= 500
    },
    conflicting: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 409,
    secondFactorNeeded: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'mfa_required',
  },
}).createMachine({
  id: 'voidInstalment',
  context: { ...freshFieldsFlow, target: undefined, values: undefined },
  initial: 'idle',
  states: {
    idle: { on: { choose } },
    editing: {
      on: {
        submit: {
          target: 'checking',
          actions: { type: 'rememberValues', params: ({ event }) => ({ values: event.values }) },
        },
        cancel: { target: 'idle', actions: 'forgetMessage' },
      },
    },
    checking: validating('reasonGiven', 'voiding', 'editing'),
    voiding: {
      invoke: {
        id: 'voidInstalment',
        src: 'voidInstalment',
        input: ({ context }) => ({
          instalmentId: context.target?.instalmentId ?? '',
          folio: context.target?.folio ?? '',
          reason: context.values?.reason ?? '',
        }),
        onDone: { target: 'voided', actions: showAnswerText },
        onError: [
          onFieldsRefused('editing'),
          onRefusal('secondFactorNeeded', 'secondFactor'),
          onRefusal('conflicting', 'refused'),
          onFailure('failed'),
        ],
      },
    },
    voided: { on: { choose } },
    refused: { on: { choose } },
    failed: { on: retryTo('editing') },
    secondFactor: {},
  },
})
