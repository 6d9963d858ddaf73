import type { Pool } from 'pg'
import type Stripe from 'stripe'
import type { Uuid } from '../../domain/ids/uuid'
import type { Locale } from '../../domain/locales'
import type { CardPayments } from './stripe-client'

/**
 * The client's "Pay by card or OXXO": a Stripe Checkout Session for an instalment's open
 * balance. The amount is the server's (the instalment's amount less what it received); the
 * client's browser only ever goes to Stripe's hosted page, so no card number or Stripe.js
 * touches our pages. A repeated click gets the open session back.
 */

export type CheckoutOutcome =
  | { readonly outcome: 'opened'; readonly url: string }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'refused' }

/** How long an OXXO voucher may be paid at the shop (Stripe's default and our choice: 3 days). */
export const oxxoDays = 3

type OwedRow = { folio: string; state: string; amount: string; paid: string }

export async function openCheckout(
  pool: Pool,
  cards: CardPayments,
  ask: {
    readonly requestId: Uuid
    readonly instalmentId: Uuid
    readonly userId: string
    readonly locale: Locale
    readonly now: Date
  },
): Promise<CheckoutOutcome> {
  const { rows } = await pool.query<OwedRow>(
    `SELECT i.folio, i.state, i.amount, i.paid FROM payment_instalments i
     JOIN service_requests r ON r.id = i.request_id
     WHERE i.id = $1 AND i.request_id = $2 AND r.user_id = $3`,
    [ask.instalmentId, ask.requestId, ask.userId],
  )
  const row = rows[0]
  if (!row) return { outcome: 'not_found' }
  if (row.state !== 'due' && row.state !== 'partlyPaid') return { outcome: 'refused' }
  const amount = Number(row.amount) - Number(row.paid)
  // The session still open for this balance: the same page (with at least 10 minutes left).
  const { rows: open } = await pool.query<{ url: string }>(
    `SELECT url FROM stripe_checkouts
     WHERE instalment_id = $1 AND amount = $2 AND status = 'open'
       AND expires_at > $3::timestamptz + interval '10 minutes'
     ORDER BY created_at DESC LIMIT 1`,
    [ask.instalmentId, amount, ask.now],
  )
  if (open[0]) return { outcome: 'opened', url: open[0].url }
  const { rows: counted } = await pool.query<{ count: string }>(
    'SELECT count(*) AS count FROM stripe_checkouts WHERE instalment_id = $1',
    [ask.instalmentId],
  )
  const session = await cards.stripe.checkout.sessions.create(
    sessionParams(cards, { ...ask, folio: row.folio, amount }),
    // Two clicks at once ask Stripe with the same key: one session, the second answered with it.
    { idempotencyKey: `checkout-${ask.instalmentId}-${amount}-${counted[0]?.count ?? '0'}` },
  )
  if (!session.url) throw new Error(`Checkout session ${session.id} came without its page`)
  await pool.query(
    `INSERT INTO stripe_checkouts (session_id, instalment_id, amount, url, expires_at, created_at)
     VALUES ($1, $2, $3, $4, to_timestamp($5), $6) ON CONFLICT (session_id) DO NOTHING`,
    [session.id, ask.instalmentId, amount, session.url, session.expires_at, ask.now],
  )
  return { outcome: 'opened', url: session.url }
}

function sessionParams(
  cards: CardPayments,
  ask: {
    readonly requestId: Uuid
    readonly instalmentId: Uuid
    readonly locale: Locale
    readonly folio: string
    readonly amount: number
  },
): Stripe.Checkout.SessionCreateParams {
  const back = `${cards.publicUrl}/my-services/${ask.requestId}`
  const metadata = { instalmentId: ask.instalmentId, folio: ask.folio, requestId: ask.requestId }
  return {
    mode: 'payment',
    currency: 'mxn',
    // The library's API version filters Stripe's eligible methods with this list (OXXO must be
    // turned on in the account's payment methods): card and OXXO only.
    allowed_payment_method_types: ['card', 'oxxo'],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'mxn',
          unit_amount: ask.amount,
          product_data: { name: ask.folio },
        },
      },
    ],
    payment_method_options: { oxxo: { expires_after_days: oxxoDays } },
    client_reference_id: ask.instalmentId,
    metadata,
    payment_intent_data: { metadata },
    locale: ask.locale === 'es' ? 'es-419' : 'en',
    success_url: `${back}?payment=done#payments-heading`,
    cancel_url: `${back}?payment=cancelled#payments-heading`,
  }
}
