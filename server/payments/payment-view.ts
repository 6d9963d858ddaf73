import type {
  AgencyRecordedPayment,
  Instalment,
  RecordedPayment,
  RequestPayments,
  SpeiAccount,
} from '../../domain/api/api-contract'
import { currencyCode } from '../../domain/money'
import { isOneOf } from '../../domain/one-of'
import { isInstalmentState } from '../../domain/payments/instalment-state'
import { type PaymentMethod, paymentMethods } from '../../domain/payments/payment-methods'
import type { InstalmentDue } from '../../domain/payments/payment-schedule'
import type { InstalmentRow, PaymentRecordRow, RequestPaymentRows } from './payment-store'

const iso = (value: Date | null) => (value === null ? null : value.toISOString())
const isPaymentMethod = isOneOf(paymentMethods)

function toInstalment(row: InstalmentRow): Instalment {
  const state = isInstalmentState(row.state) ? row.state : 'scheduled'
  const amount = Number(row.amount)
  const paid = Number(row.paid)
  const settled = state === 'paid' || state === 'void' || state === 'refunded'
  return {
    id: row.id,
    folio: row.folio,
    speiReference: row.spei_reference,
    position: row.position,
    amount,
    paid,
    outstanding: settled ? 0 : amount - paid,
    state,
    // Written from a plan the schema checked (payment-schemas.ts).
    due: row.due as InstalmentDue,
    dueAt: iso(row.due_at),
    paidAt: iso(row.paid_at),
    oxxoVoucher:
      row.oxxo_number === null
        ? null
        : {
            number: row.oxxo_number,
            expiresAt: iso(row.oxxo_expires_at),
            url: row.oxxo_voucher_url,
          },
  }
}

function toRecordedPayment(row: PaymentRecordRow): RecordedPayment {
  const method: PaymentMethod = isPaymentMethod(row.method) ? row.method : 'other'
  return {
    id: Number(row.id),
    amount: Number(row.amount),
    paidOn: row.paid_on,
    method,
    applied: row.applied.map((part) => ({ folio: part.folio, amount: Number(part.amount) })),
    credit: Number(row.credit),
    recordedAt: row.created_at.toISOString(),
    refund:
      row.refund_reason === null
        ? null
        : { reason: row.refund_reason, refundedAt: iso(row.refunded_at) },
  }
}

export function toAgencyRecordedPayment(row: PaymentRecordRow): AgencyRecordedPayment {
  return { ...toRecordedPayment(row), note: row.note }
}

function summary<P extends RecordedPayment>(
  rows: RequestPaymentRows,
  payments: P[],
  spei: SpeiAccount | undefined,
  onlinePayments: boolean,
): RequestPayments<P> {
  const instalments = rows.instalments.map(toInstalment)
  // Void and refunded instalments are no longer owed, nor counted as paid.
  const live = instalments.filter((item) => item.state !== 'void' && item.state !== 'refunded')
  return {
    currency: currencyCode,
    total: live.reduce((sum, item) => sum + item.amount, 0),
    paid: live.reduce((sum, item) => sum + item.paid, 0),
    outstanding: live.reduce((sum, item) => sum + item.outstanding, 0),
    credit: rows.credit,
    instalments,
    payments,
    spei: spei ?? null,
    onlinePayments,
  }
}

/** The client's view: no agency notes. */
export function toClientPayments(
  rows: RequestPaymentRows,
  spei: SpeiAccount | undefined,
  onlinePayments = false,
): RequestPayments<RecordedPayment> {
  return summary(rows, rows.records.map(toRecordedPayment), spei, onlinePayments)
}

export function toAgencyPayments(
  rows: RequestPaymentRows,
  spei: SpeiAccount | undefined,
  onlinePayments = false,
): RequestPayments<AgencyRecordedPayment> {
  return summary(rows, rows.records.map(toAgencyRecordedPayment), spei, onlinePayments)
}
