import type { Pool } from 'pg'
import type { Uuid } from '../../domain/ids/uuid'
import { isInstalmentState } from '../../domain/payments/instalment-state'
import { instalmentTransition } from '../../machines/instalment-machine'
import type { CardPayments } from './stripe-client'

/**
 * The agency gives back the card payment that paid an instalment: the reason is claimed on the
 * payment's record first (so two admins cannot refund it twice), then Stripe is asked with an
 * idempotency key of the record. Nothing else changes here: the instalment becomes refunded,
 * and the payment stops counting, when Stripe's signed `charge.refunded` event says so.
 */

export type RefundOutcome = 'requested' | 'not_found' | 'refused'

export async function requestRefund(
  pool: Pool,
  cards: CardPayments,
  ask: { readonly requestId: Uuid; readonly instalmentId: Uuid; readonly reason: string },
): Promise<RefundOutcome> {
  const { rows: instalments } = await pool.query<{ state: string }>(
    'SELECT state FROM payment_instalments WHERE id = $1 AND request_id = $2',
    [ask.instalmentId, ask.requestId],
  )
  const instalment = instalments[0]
  if (!instalment) return 'not_found'
  const state = instalment.state
  if (!isInstalmentState(state) || !instalmentTransition(state, { type: 'refund' }))
    return 'refused'
  // The newest card payment towards it, not refunded nor asked to be: claimed with the reason.
  const { rows } = await pool.query<{ id: string; stripe_payment_intent: string; amount: string }>(
    `UPDATE payment_records SET refund_reason = $3
     WHERE id = (
       SELECT id FROM payment_records
       WHERE request_id = $1 AND method = 'card' AND stripe_payment_intent IS NOT NULL
         AND refund_reason IS NULL
         AND applied @> jsonb_build_array(jsonb_build_object('instalmentId', $2::text))
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE
     ) AND refund_reason IS NULL
     RETURNING id, stripe_payment_intent, amount`,
    [ask.requestId, ask.instalmentId, ask.reason],
  )
  const record = rows[0]
  if (!record) return 'refused'
  try {
    const refund = await cards.stripe.refunds.create(
      {
        payment_intent: record.stripe_payment_intent,
        amount: Number(record.amount),
        reason: 'requested_by_customer',
        metadata: { paymentRecord: record.id, reason: ask.reason },
      },
      { idempotencyKey: `refund-${record.id}` },
    )
    await pool.query('UPDATE payment_records SET refund_id = $2 WHERE id = $1', [
      record.id,
      refund.id,
    ])
    return 'requested'
  } catch (error) {
    // Not asked after all: the claim is let go, so the agency may try again.
    await pool.query(
      'UPDATE payment_records SET refund_reason = NULL WHERE id = $1 AND refund_id IS NULL AND refunded_at IS NULL',
      [record.id],
    )
    throw error
  }
}
