import * as v from 'valibot'
import { parsePesos } from '../money'
import type { PaymentMethod } from './payment-methods'
import { createRecordPaymentSchema, type RecordPaymentInput } from './payment-schemas'

/**
 * The agency's "Record a payment" form as typed: the amount in pesos ("7,250.00"), the day it
 * was received, how, and a note. `recordPaymentPayload` is the contract's body (centavos read
 * from the digits, never a float); the shared schema (`createRecordPaymentSchema`) judges it,
 * on the page and on the server alike.
 */
export type RecordPaymentValues = {
  readonly amount: string
  /** YYYY-MM-DD. */
  readonly paidOn: string
  readonly method: PaymentMethod
  readonly note: string
}

/** The methods the agency records by hand: card and OXXO payments will come through Stripe. */
export const recordedMethods = ['spei', 'cash', 'other'] as const satisfies readonly PaymentMethod[]

export const emptyRecordPayment = (today: string): RecordPaymentValues => ({
  amount: '',
  paidOn: today,
  method: 'spei',
  note: '',
})

export function recordPaymentPayload(values: RecordPaymentValues): RecordPaymentInput {
  return {
    // Not an amount: NaN, which the schema refuses with the amount's own message.
    amount: parsePesos(values.amount) ?? Number.NaN,
    paidOn: values.paidOn,
    method: values.method,
    note: values.note,
  }
}

/** The schema decides validity only; its messages are the page's business. */
const schemaForValidity = createRecordPaymentSchema((descriptor) => descriptor.id ?? '')

export function isValidRecordPayment(values: RecordPaymentValues): boolean {
  return v.safeParse(schemaForValidity, recordPaymentPayload(values)).success
}
