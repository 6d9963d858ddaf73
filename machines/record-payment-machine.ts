import { assign, setup } from 'xstate'
import { failureAnswer, failureStatus } from '../domain/api/api-contract'
import type { RecordPaymentBody } from '../domain/api/payments-endpoints'
import {
  isValidRecordPayment,
  type RecordPaymentValues,
} from '../domain/payments/record-payment-form'
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
  submitTo,
  validating,
} from './form-flow'
import { injectedCall } from './injected-call'

/**
 * The agency records a payment it received on a request (the inbox's request detail):
 *
 *   idle → (open) editing → (submit) checking → saving | editing (refused, messages shown)
 *   saving → saved | editing (the server refused fields) | refused (409: no instalments to pay)
 *     | failed → (retry) editing, the values kept
 *   saving → secondFactor: the admin's gate asks for a second factor this session has not
 *     proved (403 `mfa_required`); the page leads to setting one up, like the inbox's reads
 *   editing → (cancel) idle;  saved | refused → (open) editing: another payment
 *
 * Any amount is taken: less than what is due leaves an instalment partly paid, more is kept as
 * the client's credit (the server allocates it). The values are as typed
 * (`domain/payments/record-payment-form.ts`); the shared schema judges them, here and there.
 * The call is the injected actor `recordPayment`.
 */

export type RecordPaymentContext = FieldsFlowContext & {
  readonly values: RecordPaymentValues | undefined
}

export type RecordPaymentEvent =
  | { readonly type: 'open' }
  | { readonly type: 'cancel' }
  | { readonly type: 'submit'; readonly values: RecordPaymentValues }
  | { readonly type: 'retry' }

export const recordPaymentMachine = setup({
  types: { context: {} as RecordPaymentContext, events: {} as RecordPaymentEvent },
  actors: {
    recordPayment: injectedCall<RecordPaymentBody, RecordPaymentValues>('recordPayment'),
  },
  actions: {
    ...fieldsFlowActions<RecordPaymentContext, RecordPaymentEvent>(),
    // Another payment starts from an empty form.
    forgetValues: assign({ values: undefined, serverFieldErrors: {}, refusedSubmissions: 0 }),
  },
  guards: {
    ...formFlowGuards,
    valuesAreValid: ({ context }) =>
      context.values !== undefined && isValidRecordPayment(context.values),
    conflicting: (_, { error }: { readonly error: unknown }) => failureStatus(error) === 409,
    secondFactorNeeded: (_, { error }: { readonly error: unknown }) =>
      failureAnswer(error)?.code === 'mfa_required',
  },
}).createMachine({
  id: 'recordPayment',
  context: { ...freshFieldsFlow, values: undefined },
  initial: 'idle',
  states: {
    idle: { on: { open: { target: 'editing', actions: ['forgetMessage', 'forgetValues'] } } },
    editing: {
      on: { ...submitTo('checking'), cancel: { target: 'idle', actions: 'forgetMessage' } },
    },
    checking: validating('valuesAreValid', 'saving', 'editing'),
    saving: {
      invoke: {
        id: 'recordPayment',
        src: 'recordPayment',
        input: ({ context }) =>
          context.values ?? { amount: '', paidOn: '', method: 'spei', note: '' },
        onDone: { target: 'saved', actions: showAnswerText },
        onError: [
          onFieldsRefused('editing'),
          onRefusal('secondFactorNeeded', 'secondFactor'),
          onRefusal('conflicting', 'refused'),
          onFailure('failed'),
        ],
      },
    },
    saved: { on: { open: { target: 'editing', actions: ['forgetMessage', 'forgetValues'] } } },
    refused: { on: { open: { target: 'editing', actions: ['forgetMessage', 'forgetValues'] } } },
    failed: { on: retryTo('editing') },
    secondFactor: {},
  },
})
