import { msg } from '@lingui/core/macro'

/** The answers of the proposal endpoints, in the request's language. */
export const proposalAnswerMessages = {
  notFound: msg`That proposal does not exist.`,
  requestNotFound: msg`That request does not exist.`,
  noCurrent: msg`The agency has not sent a proposal for this request yet.`,
  created: msg`The draft proposal has been saved.`,
  edited: msg`The draft proposal has been saved.`,
  sent: msg`The proposal has been sent and the client notified.`,
  revised: msg`A new draft version has been created from this proposal.`,
  withdrawn: msg`The proposal has been withdrawn.`,
  accepted: msg`You accepted the proposal. We have been notified and will start the work.`,
  declined: msg`You declined the proposal. We have been notified and will be in touch.`,
  read: msg`The proposal.`,
  /** 409s, by what the machines refused. */
  hasDraft: msg`This request already has a draft proposal: edit or send that one.`,
  requestClosed: msg`This request cannot take a proposal any more: it is in progress or closed.`,
  notNewest: msg`Only the newest version of a proposal can be revised.`,
  notDraft: msg`Only a draft can be edited or sent; this proposal has already been sent.`,
  notSent: msg`Only a sent proposal can be withdrawn.`,
  alreadyAnswered: msg`This proposal has already been answered.`,
  validityPassed: msg`The proposal's valid-until date has passed: choose a new date before sending it.`,
  /** 410s. */
  superseded: msg`A newer version of this proposal was sent: read and answer that one.`,
  withdrawnClosed: msg`The agency withdrew this proposal: it can no longer be answered.`,
  expired: msg`This proposal has expired: ask the agency for a new one.`,
}

/** The mail a client receives when a proposal is sent. */
export const proposalSentMailMessages = {
  subject: msg`You have a new proposal – Puente Digital`,
  body: msg`We have sent you a proposal for your service request. Read it, download it as a PDF, and accept or decline it on your request's page.`,
  title: msg`Proposal`,
  version: msg`Version`,
  total: msg`Total (IVA included)`,
  validUntil: msg`Valid until`,
  open: msg`Read the proposal`,
  signature: msg`The Puente Digital team`,
}

/** The mails the agency receives when a client answers a proposal. */
export const proposalAnswerMailMessages = {
  acceptedSubject: msg`Proposal accepted`,
  declinedSubject: msg`Proposal declined`,
  accepted: msg`The client accepted the proposal. The request is now in progress.`,
  declined: msg`The client declined the proposal. The request is back in review.`,
  client: msg`Client`,
  email: msg`Email`,
  title: msg`Proposal`,
  version: msg`Version`,
  total: msg`Total (IVA included)`,
  signedAs: msg`Accepted as`,
  reason: msg`Their reason`,
  open: msg`Open the request`,
}

/** The PDF's texts, in the client's language. */
export const proposalPdfMessages = {
  heading: msg`Proposal`,
  version: msg`Version`,
  request: msg`Service request`,
  client: msg`Prepared for`,
  date: msg`Date`,
  validUntil: msg`Valid until`,
  description: msg`Description`,
  quantity: msg`Qty.`,
  unitPrice: msg`Unit price`,
  amount: msg`Amount`,
  subtotal: msg`Subtotal`,
  discount: msg`Discount`,
  iva: msg`IVA`,
  total: msg`Total`,
  currencyNote: msg`Amounts in Mexican pesos (MXN).`,
  scope: msg`Scope`,
  terms: msg`Terms`,
  acceptance: msg`Acceptance record`,
  acceptedBy: msg`Accepted by`,
  acceptedAt: msg`Accepted on`,
  address: msg`From address`,
  contentHash: msg`SHA-256 of the proposal as sent`,
  state: msg`Status`,
  paymentPlan: msg`Payment plan`,
  dueOnAcceptance: msg`due on acceptance`,
  dueOnDelivery: msg`due on delivery`,
}

/** An instalment due on a day (the day in the reader's language). */
export const dueOnDay = (day: string) => msg`due on ${day}`

/** The proposal states' names (the PDF's status line). */
export const proposalStateMessages = {
  draft: msg`Draft`,
  sent: msg`Sent`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  superseded: msg`Superseded`,
}
