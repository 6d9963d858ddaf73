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
}
