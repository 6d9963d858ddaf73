import { msg } from '@lingui/core/macro'

/** The answers of the payment endpoints, in the request's language. */
export const paymentAnswerMessages = {
  requestNotFound: msg`That request does not exist.`,
  recorded: msg`The payment has been recorded.`,
  /** 409: nothing is owed on this request. */
  noPlan: msg`This request has no payment plan: a proposal with one must be accepted first.`,
  instalmentNotFound: msg`That instalment does not exist.`,
  voided: msg`The instalment has been voided: it is no longer owed.`,
  /** 409: something was paid towards it, or it is already void or refunded. */
  notVoidable: msg`Only an instalment nothing was paid towards can be voided.`,
  /** 404: card and OXXO payments are not set up (the STRIPE_* settings). */
  onlineUnavailable: msg`Card and OXXO payments are not available: please pay by SPEI transfer.`,
  /** 409: the instalment is not due, or already paid, void or refunded. */
  notPayable: msg`Nothing is owed on this instalment now.`,
  /** 503: Stripe did not answer, or refused the call. */
  stripeUnavailable: msg`Card payments are not answering just now. Try again in a few minutes, or pay by SPEI transfer.`,
  refundRequested: msg`The refund has been asked of Stripe: the instalment shows it as refunded once Stripe confirms it.`,
  /** 409: no card payment through Stripe paid it, or it was refunded (or asked to be) already. */
  notRefundable: msg`Only an instalment paid by card through Stripe, and not refunded yet, can be refunded.`,
  /** 400: a webhook whose signature does not verify. */
  invalidSignature: msg`The event's signature does not verify.`,
}
