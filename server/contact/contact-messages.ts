import { msg } from '@lingui/core/macro'

/** The contact endpoint's answer, in the request's language. */
export const contactAnswerMessages = {
  received: msg`Thank you! We have your message and will answer within one business day.`,
}

/** The agency's copy of an enquiry, in the agency's language (AGENCY_LANGUAGE). */
export const contactAgencyMailMessages = {
  subject: msg`New enquiry from the website`,
  intro: msg`Someone sent this message through the contact form. Reply to this email to answer them (in the language of the page they wrote from).`,
  button: msg`Open the enquiry in the inbox`,
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  service: msg`Service of interest`,
  budget: msg`Budget`,
  language: msg`Language of the page`,
  message: msg`Message`,
  none: msg`(not given)`,
}

/** The acknowledgement the visitor receives, in the page's language. */
export const contactAcknowledgementMessages = {
  subject: msg`We received your message – Puente Digital`,
  body: msg`Thank you for writing to Puente Digital. We received your message and a member of the team will answer within one business day.`,
  notYou: msg`If you did not write to us, ignore this email: we will not contact this address again.`,
  signature: msg`The Puente Digital team`,
}
