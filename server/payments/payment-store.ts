import type { Pool, PoolClient } from 'pg'
import type { Uuid } from '../../domain/ids/uuid'
import { allocatePayment } from '../../domain/payments/payment-allocation'
import type { RecordPaymentValues } from '../../domain/payments/payment-schemas'
import { inTransaction } from '../db/transaction'
import { creditOf, fallDueByDate, owedInstalments, payInstalments } from './instalment-store'

/**
 * A request's payments: what the caller may read of them, and the agency's record of a payment
 * received — its centavos allocated to what is owed, in one transaction with the request locked.
 */

/** How long a payment's record is kept: five years, the Mexican tax records' period. */
export const paymentRetentionYears = 5

/** Whose payments a read may see: the agency any request's, a client only their own. */
export type PaymentViewer =
  | { readonly side: 'agency' }
  | { readonly side: 'client'; readonly userId: string }

export type InstalmentRow = {
  id: string
  folio: string
  spei_reference: string
  position: number
  amount: string
  paid: string
  state: string
  due: unknown
  due_at: Date | null
  paid_at: Date | null
  /** Its newest OXXO voucher still open (Stripe), or nulls. */
  oxxo_number: string | null
  oxxo_expires_at: Date | null
  oxxo_voucher_url: string | null
}

export type PaymentRecordRow = {
  id: string
  amount: string
  paid_on: string
  method: string
  note: string
  applied: { instalmentId: string; folio: string; amount: number }[]
  credit: string
  created_at: Date
  /** A card payment's refund: the agency's reason, and when Stripe confirmed it (null: not yet). */
  refund_reason: string | null
  refunded_at: Date | null
}

export type RequestPaymentRows = {
  readonly instalments: InstalmentRow[]
  readonly records: PaymentRecordRow[]
  readonly credit: number
}

/** The request's instalments, payments and credit, or undefined when the viewer may not see it. */
export async function loadPayments(
  pool: Pool,
  requestId: Uuid,
  viewer: PaymentViewer,
): Promise<RequestPaymentRows | undefined> {
  const { rowCount } = await pool.query(
    `SELECT 1 FROM service_requests WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid)`,
    [requestId, viewer.side === 'client' ? viewer.userId : null],
  )
  if (rowCount !== 1) return undefined
  const { rows: instalments } = await pool.query<InstalmentRow>(
    `SELECT i.id, i.folio, i.spei_reference, i.position, i.amount, i.paid, i.state, i.due,
       i.due_at, i.paid_at, v.oxxo_number, v.oxxo_expires_at, v.oxxo_voucher_url
     FROM payment_instalments i
     LEFT JOIN LATERAL (
       SELECT oxxo_number, oxxo_expires_at, oxxo_voucher_url FROM stripe_checkouts
       WHERE instalment_id = i.id AND status = 'open' AND oxxo_number IS NOT NULL
       ORDER BY created_at DESC LIMIT 1
     ) v ON i.state IN ('due', 'partlyPaid')
     WHERE i.request_id = $1 ORDER BY i.position`,
    [requestId],
  )
  const { rows: records } = await pool.query<PaymentRecordRow>(
    `SELECT id, amount, to_char(paid_on, 'YYYY-MM-DD') AS paid_on, method, note, applied, credit,
       created_at, refund_reason, refunded_at
     FROM payment_records WHERE request_id = $1 ORDER BY created_at DESC, id DESC`,
    [requestId],
  )
  return { instalments, records, credit: await creditOf(pool, requestId) }
}

export type RecordOutcome =
  | { readonly outcome: 'recorded'; readonly paymentId: number }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'no_plan' }

/** A payment to record: the agency's by hand, or one Stripe confirmed (its PaymentIntent kept). */
export type PaymentToRecord = {
  readonly requestId: Uuid
  readonly input: RecordPaymentValues
  /** The agency's user who recorded it; null for a payment recorded from Stripe's webhook. */
  readonly byUserId: string | null
  readonly now: Date
  /** Paid through Stripe: at most one record per PaymentIntent (a unique index). */
  readonly stripePaymentIntent?: string
}

/**
 * Records a payment the agency received. With the request locked: the instalments whose day
 * has come fall due first, then the payment's centavos go to what is owed in the plan's order
 * (`allocatePayment`) and the rest is the client's credit. The record keeps the client's name
 * and email as they are now, and is kept five years from the day it was received.
 */
export function recordPayment(pool: Pool, payment: PaymentToRecord): Promise<RecordOutcome> {
  return inTransaction(pool, (client) => recordPaymentIn(client, payment))
}

/** `recordPayment` inside the caller's transaction (a Stripe event's row is stored with it). */
export async function recordPaymentIn(
  client: PoolClient,
  payment: PaymentToRecord,
): Promise<RecordOutcome> {
  const { rows: requests } = await client.query<{ client_name: string; client_email: string }>(
    `SELECT trim(u.name || ' ' || u.last_name) AS client_name, u.email AS client_email
       FROM service_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1 FOR UPDATE OF r`,
    [payment.requestId],
  )
  const request = requests[0]
  if (!request) return { outcome: 'not_found' }
  const { rowCount } = await client.query(
    `SELECT 1 FROM payment_instalments WHERE request_id = $1 LIMIT 1`,
    [payment.requestId],
  )
  if (rowCount === 0) return { outcome: 'no_plan' }
  await fallDueByDate(client, payment.requestId, payment.now)
  const owed = await owedInstalments(client, payment.requestId)
  const { rows: folios } = await client.query<{ id: string; folio: string }>(
    'SELECT id, folio FROM payment_instalments WHERE id = ANY($1::uuid[])',
    [owed.map((row) => row.id)],
  )
  const { parts, credit } = allocatePayment(
    owed.map((row) => ({ id: row.id, amount: Number(row.amount), paid: Number(row.paid) })),
    payment.input.amount,
  )
  const applied = parts.map((part) => ({
    instalmentId: part.id,
    folio: folios.find((row) => row.id === part.id)?.folio ?? '',
    amount: part.amount,
  }))
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO payment_records (request_id, amount, paid_on, method, note, applied, credit,
         client_name, client_email, recorded_by, created_at, retain_until, stripe_payment_intent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
         $3::date + make_interval(years => ${paymentRetentionYears}), $12) RETURNING id`,
    [
      payment.requestId,
      payment.input.amount,
      payment.input.paidOn,
      payment.input.method,
      payment.input.note,
      JSON.stringify(applied),
      credit,
      request.client_name,
      request.client_email,
      payment.byUserId,
      payment.now,
      payment.stripePaymentIntent ?? null,
    ],
  )
  const paymentId = Number(inserted.rows[0]?.id)
  await payInstalments(client, owed, parts, {
    paymentId,
    byUserId: payment.byUserId,
    now: payment.now,
  })
  return { outcome: 'recorded', paymentId }
}
