import { msg } from '@lingui/core/macro'

/** The answers of the service-request and admin endpoints, in the request's language. */
export const requestAnswerMessages = {
  created: msg`We received your request. You can follow it in My services.`,
  withdrawn: msg`Your request has been withdrawn.`,
  notFound: msg`That request does not exist.`,
  enquiryNotFound: msg`That enquiry does not exist.`,
  invalidTransition: msg`That change is not possible from the request's current status.`,
  statusChanged: msg`The status has been changed and the client has been notified.`,
  handled: msg`The enquiry is marked as handled.`,
  unhandled: msg`The enquiry is marked as not handled.`,
  invalidQuery: msg`Some of the filters are not valid.`,
}

/** The agency's copy of a new service request, in the agency's language (AGENCY_LANGUAGE). */
export const requestAgencyMailMessages = {
  subject: msg`New service request`,
  intro: msg`A client requested a service from the website. Reply to this email to answer them (in their language, below).`,
  button: msg`Open the request in the inbox`,
  client: msg`Client`,
  email: msg`Email`,
  language: msg`Their language`,
  service: msg`Service`,
  desiredStart: msg`Desired start`,
  budget: msg`Budget`,
  need: msg`What they need`,
}

/** The client's acknowledgement of a new request. */
export const requestAcknowledgementMessages = {
  subject: msg`We received your service request – Puente Digital`,
  body: msg`Thank you for your request. A member of the team will review it and write to you within one business day. You can follow its status in My services:`,
  button: msg`Open My services`,
  copy: msg`This is what you sent us:`,
  signature: msg`The Puente Digital team`,
}

/** The agency's notice that a client withdrew a request, in the agency's language. */
export const requestWithdrawnMailMessages = {
  subject: msg`Service request withdrawn`,
  intro: msg`A client withdrew their service request on the website.`,
  button: msg`Open the request in the inbox`,
  client: msg`Client`,
  email: msg`Email`,
  service: msg`Service`,
  note: msg`Their reason:`,
}

/** The mail a client receives when the agency changes their request's status. */
export const requestStatusMailMessages = {
  subject: msg`Your service request has a new status – Puente Digital`,
  body: msg`The status of your request has changed.`,
  service: msg`Service`,
  status: msg`New status`,
  note: msg`Note from the team:`,
  follow: msg`You can follow your request in My services:`,
  button: msg`Open My services`,
  signature: msg`The Puente Digital team`,
}

/** The CSV export's column headers, in the admin's language. */
export const csvHeaderMessages = {
  id: msg`Id`,
  number: msg`Number`,
  likelySpam: msg`Likely spam`,
  createdAt: msg`Created`,
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  service: msg`Service`,
  budget: msg`Budget`,
  message: msg`Message`,
  language: msg`Language`,
  handled: msg`Handled`,
  status: msg`Status`,
  desiredStart: msg`Desired start`,
  need: msg`What they need`,
  updatedAt: msg`Updated`,
  latestNote: msg`Latest note`,
}

/** The exports' answers to a yes-or-no column (handled). */
export const csvValueMessages = {
  yes: msg`Yes`,
  no: msg`No`,
}
