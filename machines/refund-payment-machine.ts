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
 * The agency refunds a card payment made through Stripe, saying why and confirming it (the
 * inbox's request detail):
 *
 *   idle → (choose) editing: the reason → (submit) checking → confirming | editing
 *   confirming → (confirm) refunding | (back) editing: the reason kept
 *   refunding → requested (Stripe was asked; the ledger says "Refund requested" until Stripe's
 *     webhook confirms it) | editing (the server refused the reason) | refused (409: nothing
 *     left to refund) | unavailable (503: Stripe does not answer) | secondFactor (403
 *     `mfa_required`) | failed
 *   unavailable | failed → (retry) editing;  editing → (cancel) idle
 *   requested | refused → (choose) editing: another payment
 *
 * Which payments are offered is the page's reading of the ledger (a card payment not refunded
 * yet). The call is the injected actor `refundPayment`.
 */

export type RefundTarget = {
  readonly instalmentId: string
  readonly folio: string
  /** Centavos: what the payment comes to, for the confirmation. */
  readonly amount: number
}

export type RefundPaymentContext = FieldsFlowContext & {
  readonly target: RefundTarget | undefined
  readonly values: { readonly reason: string } | undefined
}

export type RefundPaymentEvent =
  | { readonly type: 'choose'; readonly target: RefundTarget }
  | { readonly type: 'cancel' }
  | { readonly type: 'submit'; readonly values: { readonly reason: string } }
  | { readonly type: 'confirm' }
  | { readonly type: 'back' }
  | { readonly type: 'retry' }

export type RefundInput = RefundTarget & { readonly reason: string }

const choose = {
  target: 'editing',
  actions: [
    'forgetMessage',
    {
      type: 'chooseTarget',
      params: ({ event }: { readonly event: { readonly target: RefundTarget } }) => ({
        target: event.target,
      }),
    },
  ],
} as const

export const refundPaymentMachine = setup({
  types: { context: {} as RefundPaymentContext, events: {} as RefundPaymentEvent },
  actors: {
    refundPayment: injectedCall<{ readonly message: string }, RefundInput>('refundPayment'),
  },
  actions: {
    ...fieldsFlowActions<RefundPaymentContext, RefundPaymentEvent>(),
    chooseTarget: assign((_, { target }: { readonly target: RefundTarget }) => ({
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
    unavailable: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 503,
    secondFactorNeeded: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'mfa_required',
  },
}).createMachine({
  id: 'refundPayment',
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
    checking: validating('reasonGiven', 'confirming', 'editing'),
    /** "Refund MX$… to the client's card?": nothing is asked of Stripe before a yes. */
    confirming: { on: { confirm: 'refunding', back: 'editing' } },
    refunding: {
      invoke: {
        id: 'refundPayment',
        src: 'refundPayment',
        input: ({ context }) => ({
          instalmentId: context.target?.instalmentId ?? '',
          folio: context.target?.folio ?? '',
          amount: context.target?.amount ?? 0,
          reason: context.values?.reason ?? '',
        }),
        onDone: { target: 'requested', actions: showAnswerText },
        onError: [
          onFieldsRefused('editing'),
          onRefusal('secondFactorNeeded', 'secondFactor'),
          onRefusal('conflicting', 'refused'),
          onRefusal('unavailable', 'unavailable'),
          onFailure('failed'),
        ],
      },
    },
    requested: { on: { choose } },
    refused: { on: { choose } },
    unavailable: { on: retryTo('editing') },
    failed: { on: retryTo('editing') },
    secondFactor: {},
  },
})
