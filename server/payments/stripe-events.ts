import type { Pool, PoolClient } from 'pg'
import type Stripe from 'stripe'
import { agencyDay } from '../../domain/agency-day'
import { isUuid } from '../../domain/ids/uuid'
import { inTransaction } from '../db/transaction'
import { refundInstalments } from './instalment-store'
import { recordPaymentIn } from './payment-store'
import type { CardPayments } from './stripe-client'

/**
 * Stripe's webhook events, applied once each and never trusted for their content: an event only
 * says *which* Checkout Session, PaymentIntent or Charge changed; its state now is read back from
 * Stripe's API, and only moves forward (a checkout open → paid | failed | expired; a payment
 * recorded once per PaymentIntent; a refund once per payment). So a repeated, replayed or late
 * event changes nothing, in whatever order they come. The event's id is stored in the same
 * transaction as its effect (`stripe_events`).
 */

/** The events the endpoint subscribes to (README: the live set-up). */
export const stripeEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
] as const

export type EventOutcome = 'applied' | 'repeated' | 'ignored'

/** What Stripe's API says now about the thing an event named. */
type CurrentState =
  | {
      readonly kind: 'checkout'
      readonly session: Stripe.Checkout.Session
      readonly intent: Stripe.PaymentIntent | null
    }
  | { readonly kind: 'charge'; readonly charge: Stripe.Charge }
  | { readonly kind: 'none' }

const idOf = (value: string | { readonly id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id

export async function applyStripeEvent(
  pool: Pool,
  cards: CardPayments,
  event: Stripe.Event,
  now: Date,
): Promise<EventOutcome> {
  const { rowCount } = await pool.query('SELECT 1 FROM stripe_events WHERE id = $1', [event.id])
  if (rowCount === 1) return 'repeated'
  // Read before the transaction: no lock is held while Stripe answers.
  const state = await currentState(cards.stripe, event)
  return inTransaction(pool, async (client) => {
    const stored = await client.query(
      `INSERT INTO stripe_events (id, type, applied_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [event.id, event.type, now],
    )
    if (stored.rowCount !== 1) return 'repeated'
    if (state.kind === 'checkout') await applyCheckout(client, state, now)
    if (state.kind === 'charge') await applyCharge(client, state.charge, now)
    return state.kind === 'none' ? 'ignored' : 'applied'
  })
}

async function currentState(stripe: Stripe, event: Stripe.Event): Promise<CurrentState> {
  const object = event.data.object as { readonly object?: string; readonly id?: string }
  if (typeof object.id !== 'string') return { kind: 'none' }
  if (object.object === 'checkout.session') return checkoutState(stripe, object.id)
  if (object.object === 'payment_intent') {
    // The session it was paid through (the intent's own metadata is not trusted for it).
    const sessions = await stripe.checkout.sessions.list({ payment_intent: object.id, limit: 1 })
    const session = sessions.data[0]
    return session ? checkoutState(stripe, session.id) : { kind: 'none' }
  }
  if (object.object === 'charge' && event.type === 'charge.refunded')
    return { kind: 'charge', charge: await stripe.charges.retrieve(object.id) }
  return { kind: 'none' }
}

async function checkoutState(stripe: Stripe, sessionId: string): Promise<CurrentState> {
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  const intentId = idOf(session.payment_intent)
  const intent = intentId
    ? await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] })
    : null
  return { kind: 'checkout', session, intent }
}

type CheckoutRow = {
  id: string
  instalment_id: string
  status: string
  request_id: string | null
  folio: string
}

async function applyCheckout(
  client: PoolClient,
  {
    session,
    intent,
  }: { readonly session: Stripe.Checkout.Session; readonly intent: Stripe.PaymentIntent | null },
  now: Date,
): Promise<void> {
  const { rows } = await client.query<CheckoutRow>(
    `SELECT c.id, c.instalment_id, c.status, i.request_id, i.folio FROM stripe_checkouts c
     JOIN payment_instalments i ON i.id = c.instalment_id
     WHERE c.session_id = $1 FOR UPDATE OF c`,
    [session.id],
  )
  const row = rows[0]
  // A session we did not open (another site on the same account): not ours to apply.
  if (row?.status !== 'open') return
  if (intent)
    await client.query('UPDATE stripe_checkouts SET payment_intent = $2 WHERE id = $1', [
      row.id,
      intent.id,
    ])
  if (intent?.status === 'succeeded') return paid(client, row, intent, now)
  const oxxo = intent?.next_action?.oxxo_display_details
  if (intent?.status === 'requires_action' && oxxo?.number) {
    await client.query(
      `UPDATE stripe_checkouts SET oxxo_number = $2, oxxo_expires_at = to_timestamp($3),
         oxxo_voucher_url = $4 WHERE id = $1`,
      [row.id, oxxo.number, oxxo.expires_after, oxxo.hosted_voucher_url],
    )
    return
  }
  const over =
    session.status === 'expired'
      ? 'expired'
      : intent?.status === 'canceled' ||
          (session.status === 'complete' && intent?.status === 'requires_payment_method')
        ? 'failed'
        : undefined
  if (over)
    await client.query('UPDATE stripe_checkouts SET status = $2 WHERE id = $1', [row.id, over])
}

/** The payment Stripe confirmed, recorded like the agency's (allocation, credit) once. */
async function paid(
  client: PoolClient,
  row: CheckoutRow,
  intent: Stripe.PaymentIntent,
  now: Date,
): Promise<void> {
  await client.query(`UPDATE stripe_checkouts SET status = 'paid' WHERE id = $1`, [row.id])
  const { rowCount } = await client.query(
    'SELECT 1 FROM payment_records WHERE stripe_payment_intent = $1',
    [intent.id],
  )
  if (rowCount === 1 || !row.request_id || !isUuid(row.request_id)) return
  const method = methodOf(intent)
  await recordPaymentIn(client, {
    requestId: row.request_id,
    input: {
      amount: intent.amount_received,
      paidOn: agencyDay(now),
      method,
      note: `Stripe ${intent.id} (${row.folio})`,
    },
    byUserId: null,
    now,
    stripePaymentIntent: intent.id,
  })
}

function methodOf(intent: Stripe.PaymentIntent): 'card' | 'oxxo' {
  const method = intent.payment_method
  const type = method !== null && typeof method === 'object' ? method.type : undefined
  return type === 'oxxo' ? 'oxxo' : 'card'
}

/** A charge Stripe says is refunded in full: the payment left, its instalments are refunded. */
async function applyCharge(client: PoolClient, charge: Stripe.Charge, now: Date): Promise<void> {
  const intentId = idOf(charge.payment_intent)
  if (!charge.refunded || !intentId) return
  const { rows } = await client.query<{
    id: string
    applied: { instalmentId: string }[]
    refund_reason: string
  }>(
    `UPDATE payment_records SET refunded_at = $2,
       refund_reason = coalesce(refund_reason, 'Refunded in Stripe')
     WHERE stripe_payment_intent = $1 AND refunded_at IS NULL
     RETURNING id, applied, refund_reason`,
    [intentId, now],
  )
  const record = rows[0]
  if (!record) return
  await refundInstalments(
    client,
    record.applied.map((part) => part.instalmentId),
    { paymentId: Number(record.id), reason: record.refund_reason, now },
  )
}
