import type {
  AgencyRecordedPayment,
  Instalment,
  PaymentsBody,
  RecordedPayment,
  RecordPaymentBody,
  RequestPayments,
} from '../../domain/api/payments-endpoints'
import type { RecordPaymentValues } from '../../domain/payments/record-payment-form'
import type { payOnlineMachine } from '../../machines/pay-online-machine'
import type { recordPaymentMachine } from '../../machines/record-payment-machine'
import type { refundPaymentMachine } from '../../machines/refund-payment-machine'
import type { voidInstalmentMachine } from '../../machines/void-instalment-machine'
import type { PathEvents, PathPossible } from '../paths/path-plan'
import { accepted, readAs, refused, unreachable } from './api-answers'

/**
 * A request's payments on the generated paths: a 50/50 plan of 14,500.00 pesos accepted, the
 * deposit due, the balance due on delivery; what the agency records and the client sees.
 */

const at = '2026-11-22T16:00:00.000Z'

export const speiAccount = {
  bank: 'Banco del Ejemplo',
  beneficiary: 'Puente Digital SA de CV',
  clabe: '032180000118359719',
}

export const deposit: Instalment = {
  id: 'instalment-1',
  folio: 'PAG-000001',
  speiReference: '0000018',
  position: 1,
  amount: 725_000,
  paid: 0,
  outstanding: 725_000,
  state: 'due',
  due: { on: 'acceptance' },
  dueAt: at,
  paidAt: null,
  oxxoVoucher: null,
}

export const balance: Instalment = {
  id: 'instalment-2',
  folio: 'PAG-000002',
  speiReference: '0000026',
  position: 2,
  amount: 725_000,
  paid: 0,
  outstanding: 725_000,
  state: 'scheduled',
  due: { on: 'status', status: 'delivered' },
  dueAt: null,
  paidAt: null,
  oxxoVoucher: null,
}

/** Just accepted: nothing paid, the deposit due. */
export function freshPayments<P extends RecordedPayment>(): RequestPayments<P> {
  return {
    currency: 'MXN',
    total: 1_450_000,
    paid: 0,
    outstanding: 1_450_000,
    credit: 0,
    instalments: [deposit, balance],
    payments: [],
    spei: speiAccount,
    onlinePayments: false,
  }
}

/** The deposit paid by SPEI with 100.00 pesos more, kept as credit. */
export const depositPayment: AgencyRecordedPayment = {
  id: 1,
  amount: 735_000,
  paidOn: '2026-11-23',
  method: 'spei',
  applied: [{ folio: deposit.folio, amount: 725_000 }],
  credit: 10_000,
  recordedAt: at,
  note: 'Transfer 4471',
  refund: null,
}

export const depositPaid: RequestPayments<AgencyRecordedPayment> = {
  ...freshPayments<AgencyRecordedPayment>(),
  paid: 725_000,
  outstanding: 725_000,
  credit: 10_000,
  instalments: [{ ...deposit, paid: 725_000, outstanding: 0, state: 'paid', paidAt: at }, balance],
  payments: [depositPayment],
}

export function myPaymentsRead(payments: RequestPayments<RecordedPayment>) {
  return readAs<PaymentsBody<RecordedPayment>>('myPayments', { success: true, payments })
}

export function adminPaymentsRead(payments: RequestPayments<AgencyRecordedPayment>) {
  return readAs<PaymentsBody<AgencyRecordedPayment>>('adminPayments', { success: true, payments })
}

/** The payment the paths record: the deposit and 100.00 pesos more, by SPEI, on `paidOn`. */
export function recordedValues(paidOn: string, valid = true): RecordPaymentValues {
  return {
    amount: valid ? '7,350.00' : '7.350,00',
    paidOn,
    method: 'spei',
    note: 'Transfer 4471',
  }
}

export const recordAnswer: RecordPaymentBody = {
  ...(accepted('The payment has been recorded.') as { success: true; message: string }),
  payment: depositPayment,
  payments: depositPaid,
}

export const noInstalmentsOwed = refused(
  409,
  'invalid_transition',
  'This request has no payment plan: a proposal with one must be accepted first.',
)
export const paidOnRefused = refused(400, 'invalid_fields', 'Please check the form.', {
  paidOn: 'Choose the day the payment was received: today or earlier.',
})
export const secondFactorAsked = refused(
  403,
  'mfa_required',
  'Set up a second factor to use the inbox.',
)

/** What the agency does on the paths: one valid and one mistyped payment, every answer. */
export const recordPaymentPathEvents =
  (paidOn: string): PathEvents<typeof recordPaymentMachine> =>
  (snapshot) => {
    if (snapshot.matches('editing'))
      return [
        { type: 'submit', values: recordedValues(paidOn) },
        ...(snapshot.context.refusedSubmissions === 0
          ? [{ type: 'submit' as const, values: recordedValues(paidOn, false) }]
          : []),
      ]
    if (snapshot.matches('saving'))
      return [
        { type: 'xstate.done.actor.recordPayment', output: recordAnswer },
        { type: 'xstate.error.actor.recordPayment', error: noInstalmentsOwed },
        { type: 'xstate.error.actor.recordPayment', error: paidOnRefused },
        { type: 'xstate.error.actor.recordPayment', error: secondFactorAsked },
        { type: 'xstate.error.actor.recordPayment', error: unreachable() },
      ]
    return []
  }

/** Only the payloads listed above (the planner also tries each type bare). */
export const recordPaymentPossible: PathPossible<typeof recordPaymentMachine> = (
  snapshot,
  event,
) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  if (event.type === 'submit' && !('values' in event)) return false
  // After the server refused the day, the paths do not go round again.
  if (snapshot.context.serverFieldErrors.paidOn && event.type === 'submit') return false
  return snapshot.can(event as never)
}

/** A request without an accepted plan: nothing owed, nothing paid. */
export const noPayments: RequestPayments<AgencyRecordedPayment> = {
  ...freshPayments<AgencyRecordedPayment>(),
  total: 0,
  outstanding: 0,
  instalments: [],
}

export const voidReason = 'Waived: agreed with the client.'

export const balanceVoided: RequestPayments<AgencyRecordedPayment> = {
  ...freshPayments<AgencyRecordedPayment>(),
  total: 725_000,
  outstanding: 725_000,
  instalments: [deposit, { ...balance, state: 'void', outstanding: 0 }],
}

export const voidAnswer = {
  ...(accepted('The instalment has been voided: it is no longer owed.') as {
    success: true
    message: string
  }),
  payments: balanceVoided,
}

export const paidMeanwhile = refused(
  409,
  'invalid_transition',
  'Only an instalment nothing was paid towards can be voided.',
)
export const reasonRefused = refused(400, 'invalid_fields', 'Please check the form.', {
  reason: 'Say why the instalment is voided, in up to 500 characters.',
})

/** The agency voids the balance: with a reason, without one, every answer. */
export const voidInstalmentPathEvents: PathEvents<typeof voidInstalmentMachine> = (snapshot) => {
  if (snapshot.matches('editing'))
    return [
      { type: 'submit', values: { reason: voidReason } },
      ...(snapshot.context.refusedSubmissions === 0
        ? [{ type: 'submit' as const, values: { reason: '' } }]
        : []),
    ]
  if (snapshot.matches('voiding'))
    return [
      { type: 'xstate.done.actor.voidInstalment', output: voidAnswer },
      { type: 'xstate.error.actor.voidInstalment', error: paidMeanwhile },
      { type: 'xstate.error.actor.voidInstalment', error: reasonRefused },
      { type: 'xstate.error.actor.voidInstalment', error: secondFactorAsked },
      { type: 'xstate.error.actor.voidInstalment', error: unreachable() },
    ]
  return [{ type: 'choose', target: { instalmentId: balance.id, folio: balance.folio } }]
}

export const voidInstalmentPossible: PathPossible<typeof voidInstalmentMachine> = (
  snapshot,
  event,
) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  if (event.type === 'submit' && !('values' in event)) return false
  if (event.type === 'choose' && !('target' in event)) return false
  // Once void, the balance has no "Void" button: the page cannot choose it again.
  if (event.type === 'choose' && snapshot.matches('voided')) return false
  if (snapshot.context.serverFieldErrors.reason && event.type === 'submit') return false
  return snapshot.can(event as never)
}

/** The voucher the client chose on Stripe's page for the deposit, not paid yet. */
export const depositVoucher = {
  number: '93000262278493',
  expiresAt: '2030-01-03T05:59:00.000Z',
  url: 'https://payments.stripe.test/oxxo/voucher/test_93000262278493',
}

/** Card and OXXO on: the deposit due, an OXXO voucher waiting for it. */
export function onlinePayments(): RequestPayments<RecordedPayment> {
  return {
    ...freshPayments<RecordedPayment>(),
    instalments: [{ ...deposit, oxxoVoucher: depositVoucher }, balance],
    onlinePayments: true,
  }
}

/** Stripe's hosted page the server opened for the deposit. */
export const checkoutAnswer = {
  success: true as const,
  url: 'https://checkout.stripe.test/c/pay/cs_test_deposit',
}

export const nothingOwedNow = refused(
  409,
  'invalid_transition',
  'Nothing is owed on this instalment now.',
)
export const stripeDown = refused(
  503,
  'unavailable',
  'Card payments are not answering just now. Try again in a few minutes, or pay by SPEI transfer.',
)

const payDeposit = (method: 'card' | 'oxxo') =>
  ({
    type: 'pay',
    target: { instalmentId: deposit.id, folio: deposit.folio, method },
  }) as const

/** The client pays the deposit, by card or at OXXO; every answer. */
export const payOnlinePathEvents: PathEvents<typeof payOnlineMachine> = (snapshot) => {
  if (snapshot.matches('opening'))
    return [
      { type: 'xstate.done.actor.openCheckout', output: checkoutAnswer },
      { type: 'xstate.error.actor.openCheckout', error: nothingOwedNow },
      { type: 'xstate.error.actor.openCheckout', error: stripeDown },
      { type: 'xstate.error.actor.openCheckout', error: unreachable() },
    ]
  return [payDeposit('card'), payDeposit('oxxo')]
}

export const payOnlinePossible: PathPossible<typeof payOnlineMachine> = (snapshot, event) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  if (!('target' in event)) return false
  // Either way first; after an outcome, by card again (the paths stay finite).
  return snapshot.matches('idle') || event.target.method === 'card'
}

/** The deposit paid by card through Stripe (no recording user, no note). */
export const cardPayment: AgencyRecordedPayment = {
  id: 2,
  amount: 725_000,
  paidOn: '2026-11-23',
  method: 'card',
  applied: [{ folio: deposit.folio, amount: 725_000 }],
  credit: 0,
  recordedAt: at,
  note: '',
  refund: null,
}

export const depositPaidByCard: RequestPayments<AgencyRecordedPayment> = {
  ...freshPayments<AgencyRecordedPayment>(),
  paid: 725_000,
  outstanding: 725_000,
  instalments: [{ ...deposit, paid: 725_000, outstanding: 0, state: 'paid', paidAt: at }, balance],
  payments: [cardPayment],
  onlinePayments: true,
}

export const refundReason = 'The client cancelled the project.'

/** Stripe was asked: the payment says so until its webhook confirms the refund. */
export const refundAnswer = {
  ...(accepted(
    'The refund has been asked of Stripe: the instalment shows it as refunded once Stripe confirms it.',
  ) as { success: true; message: string }),
  payments: {
    ...depositPaidByCard,
    payments: [{ ...cardPayment, refund: { reason: refundReason, refundedAt: null } }],
  },
}

export const notRefundable = refused(
  409,
  'invalid_transition',
  'Only an instalment paid by card through Stripe, and not refunded yet, can be refunded.',
)
export const refundReasonRefused = refused(400, 'invalid_fields', 'Please check the form.', {
  reason: 'Say why the payment is refunded, in up to 500 characters.',
})
export const stripeNotAnswering = refused(
  503,
  'unavailable',
  'Card payments are not answering just now. Try again in a few minutes, or pay by SPEI transfer.',
)

/** The agency refunds the deposit's card payment: with a reason, without one, every answer. */
export const refundPaymentPathEvents: PathEvents<typeof refundPaymentMachine> = (snapshot) => {
  if (snapshot.matches('editing'))
    return [
      { type: 'submit', values: { reason: refundReason } },
      ...(snapshot.context.refusedSubmissions === 0
        ? [{ type: 'submit' as const, values: { reason: '' } }]
        : []),
    ]
  if (snapshot.matches('refunding'))
    return [
      { type: 'xstate.done.actor.refundPayment', output: refundAnswer },
      { type: 'xstate.error.actor.refundPayment', error: notRefundable },
      { type: 'xstate.error.actor.refundPayment', error: refundReasonRefused },
      { type: 'xstate.error.actor.refundPayment', error: stripeNotAnswering },
      { type: 'xstate.error.actor.refundPayment', error: secondFactorAsked },
      { type: 'xstate.error.actor.refundPayment', error: unreachable() },
    ]
  return [
    {
      type: 'choose',
      target: { instalmentId: deposit.id, folio: deposit.folio, amount: cardPayment.amount },
    },
  ]
}

export const refundPaymentPossible: PathPossible<typeof refundPaymentMachine> = (
  snapshot,
  event,
) => {
  if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
  if (event.type === 'submit' && !('values' in event)) return false
  if (event.type === 'choose' && !('target' in event)) return false
  // Once asked, the payment has no "Refund" button: the page cannot choose it again.
  if (event.type === 'choose' && snapshot.matches('requested')) return false
  if (snapshot.context.serverFieldErrors.reason && event.type === 'submit') return false
  return snapshot.can(event as never)
}
