import type { Centavos } from '../money'
import type { InstalmentState } from '../payments/instalment-state'
import type { PaymentMethod } from '../payments/payment-methods'
import type { InstalmentDue } from '../payments/payment-schedule'
import type {
  RecordPaymentInput,
  RefundInstalmentInput,
  VoidInstalmentInput,
} from '../payments/payment-schemas'
import { adminGateFailures, apiPrefix, endpoint, gateFailures } from './endpoint'

/**
 * A request's payments: the instalments its accepted proposal's plan became (each with its own
 * folio and SPEI reference), the payments the agency recorded and the client's credit. The
 * client reads their own under `/api/v1/me/service-requests/:id/payments`; the agency reads any
 * and records a payment under `/api/v1/admin/service-requests/:id/payments` (the admin's gate:
 * a session, the admin role, a second factor proved; and the gate on changes: XSRF, JSON, size).
 * Amounts are integer centavos (MXN). A request that is not the caller's answers the same 404 as
 * one that does not exist.
 */

/** One instalment as both sides see it. */
export type Instalment = {
  readonly id: string
  /** `PAG-000042`: what the agency and the client call it. */
  readonly folio: string
  /** The 7 digits the client types in the transfer's "referencia numérica" (SPEI). */
  readonly speiReference: string
  /** 1, 2, …: its place in the plan. */
  readonly position: number
  readonly amount: Centavos
  /** What was paid towards it so far. */
  readonly paid: Centavos
  /** amount − paid (0 once paid, void or refunded). */
  readonly outstanding: Centavos
  readonly state: InstalmentState
  readonly due: InstalmentDue
  /** When it fell due (null while scheduled). */
  readonly dueAt: string | null
  readonly paidAt: string | null
  /** An OXXO voucher the client chose on Stripe's page and has not paid yet (null: none). */
  readonly oxxoVoucher: OxxoVoucher | null
}

/** What the client takes to an OXXO shop: the voucher's number, its expiry and Stripe's page of it. */
export type OxxoVoucher = {
  readonly number: string
  /** ISO: after this the voucher cannot be paid (the instalment stays due). */
  readonly expiresAt: string | null
  /** Stripe's hosted voucher (printable, with the barcode). */
  readonly url: string | null
}

/** A payment the agency recorded. */
export type RecordedPayment = {
  readonly id: number
  readonly amount: Centavos
  /** YYYY-MM-DD: the day it was received. */
  readonly paidOn: string
  readonly method: PaymentMethod
  /** What each instalment received from it, by folio. */
  readonly applied: readonly { readonly folio: string; readonly amount: Centavos }[]
  /** What of it was kept as credit. */
  readonly credit: Centavos
  readonly recordedAt: string
  /**
   * A card payment the agency refunded through Stripe: its reason, and when Stripe confirmed
   * it (null while asked for); null when not refunded.
   */
  readonly refund: { readonly reason: string; readonly refundedAt: string | null } | null
}

/** The agency's view adds its note. */
export type AgencyRecordedPayment = RecordedPayment & { readonly note: string }

/** Where the client sends a SPEI transfer (the PAYMENT_* settings), or null when not set. */
export type SpeiAccount = {
  readonly bank: string
  readonly beneficiary: string
  /** 18 digits, check digit verified at start-up. */
  readonly clabe: string
}

export type RequestPayments<P extends RecordedPayment> = {
  readonly currency: 'MXN'
  /** Σ instalments (the accepted proposal's total; 0 without a plan). */
  readonly total: Centavos
  /** Σ what the instalments received. */
  readonly paid: Centavos
  /** Σ what the instalments still lack. */
  readonly outstanding: Centavos
  /** Received and not yet owed: applied to the next instalment that falls due. */
  readonly credit: Centavos
  readonly instalments: readonly Instalment[]
  /** Newest first. */
  readonly payments: readonly P[]
  readonly spei: SpeiAccount | null
  /** Card and OXXO through Stripe's hosted page (the STRIPE_* settings); false when not set. */
  readonly onlinePayments: boolean
}

export type PaymentsBody<P extends RecordedPayment> = {
  readonly success: true
  readonly payments: RequestPayments<P>
}
export type RecordPaymentBody = {
  readonly success: true
  readonly message: string
  readonly payment: AgencyRecordedPayment
  readonly payments: RequestPayments<AgencyRecordedPayment>
}

export const paymentsEndpoints = {
  /** The client's own request's instalments, payments and credit. */
  myPayments: endpoint<never, PaymentsBody<RecordedPayment>>()({
    method: 'GET',
    path: `${apiPrefix}/me/service-requests/:id/payments`,
    status: 200,
    failures: ['unauthenticated', 'not_found'],
  }),
  adminPayments: endpoint<never, PaymentsBody<AgencyRecordedPayment>>()({
    method: 'GET',
    path: `${apiPrefix}/admin/service-requests/:id/payments`,
    status: 200,
    failures: [...adminGateFailures, 'not_found'],
  }),
  /**
   * Records a payment received: its centavos go to the instalments that are due, in the plan's
   * order (a partial payment leaves one partly paid); what is left over is kept as the client's
   * credit. 409 when the request has no instalments (no accepted proposal with a plan).
   */
  recordPayment: endpoint<RecordPaymentInput, RecordPaymentBody>()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/payments`,
    status: 201,
    failures: [...adminGateFailures, 'not_found', 'invalid_fields', 'invalid_transition'],
  }),
  /**
   * Voids an instalment nothing was paid towards (scheduled or due), with the agency's reason
   * (kept with the move): it is no longer owed. 409
   * when the `instalment` machine refuses (paid in part or in full, already void or refunded).
   */
  voidInstalment: endpoint<
    VoidInstalmentInput,
    PaymentsBody<AgencyRecordedPayment> & { readonly message: string }
  >()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/payments/instalments/:instalmentId/void`,
    status: 200,
    failures: [...adminGateFailures, 'not_found', 'invalid_fields', 'invalid_transition'],
  }),
  /**
   * The client pays a due (or partly paid) instalment by card or OXXO: the answer is the address
   * of Stripe's hosted page for its open balance (the amount is the server's, never the
   * client's; a repeated click gets the same page while it is open). 404 when the instalment is
   * not the caller's or card payments are not set up; 409 when nothing is owed on it; 503 when
   * Stripe does not answer.
   */
  payInstalmentOnline: endpoint<Record<string, never>, PayOnlineBody>()({
    method: 'POST',
    path: `${apiPrefix}/me/service-requests/:id/payments/instalments/:instalmentId/checkout`,
    status: 200,
    failures: [
      ...gateFailures,
      'unauthenticated',
      'not_found',
      'invalid_fields',
      'invalid_transition',
      'unavailable',
    ],
  }),
  /**
   * The agency refunds the card payment that paid an instalment, with its reason, through
   * Stripe. The refund is asked for here; the instalment becomes refunded when Stripe's signed
   * `charge.refunded` webhook confirms it. 409 when no card payment of it can be refunded.
   */
  refundInstalment: endpoint<
    RefundInstalmentInput,
    PaymentsBody<AgencyRecordedPayment> & { readonly message: string }
  >()({
    method: 'POST',
    path: `${apiPrefix}/admin/service-requests/:id/payments/instalments/:instalmentId/refund`,
    status: 200,
    failures: [
      ...adminGateFailures,
      'not_found',
      'invalid_fields',
      'invalid_transition',
      'unavailable',
    ],
  }),
  /**
   * Stripe's events (checkout sessions, payment intents, refunds), signed with the endpoint's
   * secret: the raw body is verified (400 `invalid_signature` otherwise), each event is applied
   * once, and what it says is read back from Stripe's API, never taken from the body alone.
   * No session, no XSRF: the signature is the proof. 404 when card payments are not set up.
   */
  stripeWebhook: endpoint<never, { readonly received: true }>()({
    method: 'POST',
    path: `${apiPrefix}/payments/stripe/webhook`,
    status: 200,
    failures: ['not_found', 'invalid_signature', 'too_large', 'unavailable'],
  }),
}

export type PayOnlineBody = {
  readonly success: true
  /** Stripe's hosted Checkout page: the client's browser goes there. */
  readonly url: string
}
