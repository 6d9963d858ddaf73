import type { AgencyDeps } from '../http/agency-deps'
import { jsonChangeGate } from '../http/api-gate'
import { type ApiRoute, route, routeWithIds } from '../http/api-router'
import { requireAdmin } from '../http/require-admin'
import { requireSession } from '../http/require-session'
import {
  listPaymentsHandler,
  recordPaymentHandler,
  voidInstalmentHandler,
} from './payment-handlers'
import { paymentAnswerMessages as m } from './payment-messages'
import { payOnlineHandler, refundInstalmentHandler, stripeWebhookHandler } from './stripe-handlers'

/**
 * A request's payments. The client's side, `/api/v1/me/service-requests/:id/payments`: a live
 * session (401) and only their own request (404). The agency's side,
 * `/api/v1/admin/service-requests/:id/payments`: the admin's gate (401, 403: the role and a
 * second factor proved in this session) on every route, the gate on changes (413, 415, 403
 * XSRF) first. A malformed id answers the 404 an unknown one does.
 */
export function paymentsRoutes(deps: AgencyDeps): ApiRoute[] {
  const gate = jsonChangeGate(deps)
  const session = requireSession(deps)
  const admin = requireAdmin(deps)
  return [
    routeWithIds('myPayments', m.requestNotFound, session, listPaymentsHandler(deps, 'client')),
    routeWithIds('adminPayments', m.requestNotFound, admin, listPaymentsHandler(deps, 'agency')),
    routeWithIds('recordPayment', m.requestNotFound, gate, admin, recordPaymentHandler(deps)),
    routeWithIds('voidInstalment', m.instalmentNotFound, gate, admin, voidInstalmentHandler(deps)),
    routeWithIds(
      'payInstalmentOnline',
      m.instalmentNotFound,
      gate,
      session,
      payOnlineHandler(deps),
    ),
    routeWithIds(
      'refundInstalment',
      m.instalmentNotFound,
      gate,
      admin,
      refundInstalmentHandler(deps),
    ),
    // Stripe's signature is the proof: no session, no XSRF, no JSON gate (the raw body is signed).
    route('stripeWebhook', stripeWebhookHandler(deps)),
  ]
}
