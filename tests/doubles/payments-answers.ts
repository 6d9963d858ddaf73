import type {
  AgencyRecordedPayment,
  Instalment,
  PaymentsBody,
  RecordedPayment,
  RequestPayments,
} from '../../domain/api/payments-endpoints'
import { readAs } from './api-answers'

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
