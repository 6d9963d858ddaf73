import type { Context, Handler } from 'hono'
import {
  createRecordPaymentSchema,
  createVoidInstalmentSchema,
} from '../../domain/payments/payment-schemas'
import { admitRequest, schemasPerLocale } from '../http/admit-request'
import type { AgencyDeps } from '../http/agency-deps'
import { answer, failure } from '../http/answers'
import { pathId } from '../http/path-ids'
import { type AccountEnv, signedInOf } from '../http/require-session'
import { securityEvent } from '../log/security-event'
import { nowOf } from '../sessions/clock'
import { voidInstalment } from './instalment-store'
import { paymentAnswerMessages as m } from './payment-messages'
import { loadPayments, type PaymentViewer, recordPayment } from './payment-store'
import { toAgencyPayments, toAgencyRecordedPayment, toClientPayments } from './payment-view'

const viewerOf = (c: Context<AccountEnv>, side: 'client' | 'agency'): PaymentViewer =>
  side === 'agency' ? { side } : { side, userId: signedInOf(c).user.id }

/** `GET …/service-requests/:id/payments`: the client's own request's, or any for the agency. */
export function listPaymentsHandler(
  deps: AgencyDeps,
  side: 'client' | 'agency',
): Handler<AccountEnv> {
  return async (c) => {
    const rows = await loadPayments(deps.pool, pathId(c, 'id'), viewerOf(c, side))
    if (!rows) return failure(c, 404, 'not_found', c.get('t')(m.requestNotFound))
    return side === 'agency'
      ? answer(c, 'adminPayments', {
          success: true,
          payments: toAgencyPayments(rows, deps.speiAccount, deps.cardPayments !== undefined),
        })
      : answer(c, 'myPayments', {
          success: true,
          payments: toClientPayments(rows, deps.speiAccount, deps.cardPayments !== undefined),
        })
  }
}

/** `POST /admin/service-requests/:id/payments`: a payment the agency received. */
export function recordPaymentHandler(deps: AgencyDeps): Handler<AccountEnv> {
  const schemas = schemasPerLocale((t) => createRecordPaymentSchema(t, () => nowOf(deps)))
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, schemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const requestId = pathId(c, 'id')
    const t = c.get('t')
    const recorded = await recordPayment(deps.pool, {
      requestId,
      input: admitted.input,
      byUserId: user.id,
      now: nowOf(deps),
    })
    if (recorded.outcome === 'not_found') return failure(c, 404, 'not_found', t(m.requestNotFound))
    if (recorded.outcome === 'no_plan') return failure(c, 409, 'invalid_transition', t(m.noPlan))
    securityEvent(c, 'payment.recorded', { accountId: user.id, requestId })
    const rows = await loadPayments(deps.pool, requestId, { side: 'agency' })
    const record = rows?.records.find((row) => Number(row.id) === recorded.paymentId)
    if (!rows || !record) return failure(c, 404, 'not_found', t(m.requestNotFound))
    return answer(c, 'recordPayment', {
      success: true,
      message: t(m.recorded),
      payment: toAgencyRecordedPayment(record),
      payments: toAgencyPayments(rows, deps.speiAccount, deps.cardPayments !== undefined),
    })
  }
}

const voidSchemas = schemasPerLocale(createVoidInstalmentSchema)

/** `POST /admin/…/payments/instalments/:instalmentId/void`: an unpaid instalment is no longer owed. */
export function voidInstalmentHandler(deps: AgencyDeps): Handler<AccountEnv> {
  return async (c) => {
    const admitted = await admitRequest(c, deps, deps.rateRules.accountPerIp, voidSchemas)
    if (!admitted.ok) return admitted.response
    const { user } = signedInOf(c)
    const requestId = pathId(c, 'id')
    const t = c.get('t')
    const outcome = await voidInstalment(deps.pool, {
      requestId,
      instalmentId: pathId(c, 'instalmentId'),
      byUserId: user.id,
      now: nowOf(deps),
      reason: admitted.input.reason,
    })
    if (outcome === 'not_found') return failure(c, 404, 'not_found', t(m.instalmentNotFound))
    if (outcome === 'refused') return failure(c, 409, 'invalid_transition', t(m.notVoidable))
    securityEvent(c, 'payment.instalment_voided', { accountId: user.id, requestId })
    const rows = await loadPayments(deps.pool, requestId, { side: 'agency' })
    if (!rows) return failure(c, 404, 'not_found', t(m.requestNotFound))
    return answer(c, 'voidInstalment', {
      success: true,
      message: t(m.voided),
      payments: toAgencyPayments(rows, deps.speiAccount, deps.cardPayments !== undefined),
    })
  }
}
