import type { Context, Handler } from 'hono'
import Stripe from 'stripe'
import { createRefundInstalmentSchema } from '../../domain/payments/payment-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, failure, unavailable } from '../http/answers'
import { createEmptyBodySchema } from '../http/empty-body'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { describeError } from '../log/describe-error'
import { securityEvent } from '../log/security-event'
import { nowOf } from '../sessions/clock'
import { paymentAnswerMessages as m } from './payment-messages'
import { loadPayments } from './payment-store'
import { toAgencyPayments } from './payment-view'
import { openCheckout } from './stripe-checkout'
import { applyStripeEvent } from './stripe-events'
import { requestRefund } from './stripe-refund'

/** Stripe's events are a few KiB; anything this large is not one. */
export const webhookBodyLimit = 256 * 1024

/** How old a signed event may be (seconds): the library's default, five minutes. */
export const webhookTolerance = Stripe.webhooks.DEFAULT_TOLERANCE

/** Stripe refused or did not answer: logged, and a 503 saying to try again (or pay by SPEI). */
function stripeFailed(c: Context<AccountEnv>, error: unknown): Response {
  if (!(error instanceof Stripe.errors.StripeError)) throw error
  c.get('log').error({ event: 'payment.stripe_failed', error: describeError(error) })
  c.header('Retry-After', '60')
  return failure(c, 503, 'unavailable', c.get('t')(m.stripeUnavailable))
}

const emptySchemas = schemasPerLocale(createEmptyBodySchema)

/** `POST /me/…/payments/instalments/:instalmentId/checkout`: Stripe's page for its open balance. */
export function payOnlineHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, emptySchemas)
    if (!admitted.ok) return admitted.response
    const t = c.get('t')
    const cards = deps.cardPayments
    if (!cards) return failure(c, 404, 'not_found', t(m.onlineUnavailable))
    const { user } = signedInOf(c)
    const requestId = pathId(c, 'id')
    try {
      const opened = await openCheckout(deps.pool, cards, {
        requestId,
        instalmentId: pathId(c, 'instalmentId'),
        userId: user.id,
        locale: c.get('locale'),
        now: nowOf(deps),
      })
      if (opened.outcome === 'not_found')
        return failure(c, 404, 'not_found', t(m.instalmentNotFound))
      if (opened.outcome === 'refused')
        return failure(c, 409, 'invalid_transition', t(m.notPayable))
      securityEvent(c, 'payment.checkout_opened', { accountId: user.id, requestId })
      return answer(c, 'payInstalmentOnline', { success: true, url: opened.url })
    } catch (error) {
      return stripeFailed(c, error)
    }
  }
}

const refundSchemas = schemasPerLocale(createRefundInstalmentSchema)

/** `POST /admin/…/payments/instalments/:instalmentId/refund`: asks Stripe to give a card payment back. */
export function refundInstalmentHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, refundSchemas)
    if (!admitted.ok) return admitted.response
    const t = c.get('t')
    const cards = deps.cardPayments
    if (!cards) return failure(c, 404, 'not_found', t(m.onlineUnavailable))
    const { user } = signedInOf(c)
    const requestId = pathId(c, 'id')
    try {
      const outcome = await requestRefund(deps.pool, cards, {
        requestId,
        instalmentId: pathId(c, 'instalmentId'),
        reason: admitted.input.reason,
      })
      if (outcome === 'not_found') return failure(c, 404, 'not_found', t(m.instalmentNotFound))
      if (outcome === 'refused') return failure(c, 409, 'invalid_transition', t(m.notRefundable))
    } catch (error) {
      return stripeFailed(c, error)
    }
    securityEvent(c, 'payment.refund_requested', { accountId: user.id, requestId })
    const rows = await loadPayments(deps.pool, requestId, { side: 'agency' })
    if (!rows) return failure(c, 404, 'not_found', t(m.requestNotFound))
    return answer(c, 'refundInstalment', {
      success: true,
      message: t(m.refundRequested),
      payments: toAgencyPayments(rows, deps.speiAccount, true),
    })
  }
}

/**
 * `POST /payments/stripe/webhook`: the raw body verified with the endpoint's secret (signature
 * and age), then applied once (stripe-events.ts). 2xx tells Stripe to stop retrying: a
 * repeated or ignored event is answered 200 like an applied one; a failure to read Stripe's
 * API or the database is a 5xx, and Stripe retries it later.
 */
export function stripeWebhookHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const t = c.get('t')
    const cards = deps.cardPayments
    if (!cards) return failure(c, 404, 'not_found', t(m.onlineUnavailable))
    if (Number(c.req.header('content-length') ?? 0) > webhookBodyLimit)
      return failure(c, 413, 'too_large', t(m.invalidSignature))
    const body = Buffer.from(await c.req.arrayBuffer())
    if (body.length > webhookBodyLimit) return failure(c, 413, 'too_large', t(m.invalidSignature))
    const now = nowOf(deps)
    let event: Stripe.Event
    try {
      event = cards.stripe.webhooks.constructEvent(
        body,
        c.req.header('stripe-signature') ?? '',
        cards.webhookSecret,
        webhookTolerance,
        undefined,
        now.getTime(),
      )
    } catch {
      securityEvent(c, 'payment.webhook_refused', { reason: 'invalid_signature' })
      return failure(c, 400, 'invalid_signature', t(m.invalidSignature))
    }
    try {
      const outcome = await applyStripeEvent(deps.pool, cards, event, now)
      securityEvent(c, 'payment.webhook', { reason: outcome, to: event.type })
      return answer(c, 'stripeWebhook', { received: true })
    } catch (error) {
      // Stripe's API did not answer: a 503, and Stripe delivers the event again later.
      if (!(error instanceof Stripe.errors.StripeError)) throw error
      c.get('log').error({ event: 'payment.stripe_failed', error: describeError(error) })
      return unavailable(c, 'unavailable', 60)
    }
  }
}
